// Indicadores end to end, in the browser. The Analista opens each of the four screens from the
// side menu (Gráficas, Avance audiencia meta, Avance grupos de temas, Avance bloques de
// temas) and sees the figures the API answers to the same session; filters by the demo's N2
// node (chosen with the mouse on Gráficas, by keyboard on the others) and sees the figures of
// that filter, kept in the address — on Gráficas the structure chart turns to the N3 under
// it; the demo's only N2 holds everyone, so the Avance screens then narrow to an N3 to show
// their figures change; and exports each screen to Excel (an .xlsx: a zip, 'PK'). The
// Supervisor sees only Gráficas under Indicadores, with their team's figures. Every screen
// is checked with axe at 1366 and 390 px, Gráficas' table mode too; screenshots go to
// tests/artifacts/indicators-*.png.
//
// One session per user: a browser sign-in ends that user's other sessions, so the API answers
// are read with the browser's own token (sessionToken).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { apiCall, sessionToken } from './support/api.js';
import { AxeReport, WIDTHS, settle } from './support/axe.js';
import { DEMO_USERS, eventually, launchBrowser, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';
import { asUser } from './support/scenario.js';

const SCENARIO_TIMEOUT = 300_000;
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** The four screens: side-menu entry, path under /menu and API call. */
const CHARTS = { entry: 'Gráficas', path: 'graficas', api: 'graficas' };
const PROGRESS = [
  { entry: 'Avance audiencia meta', path: 'avance_audencia_meta', api: 'avance_audencia_meta', name: 'Tema' },
  { entry: 'Avance grupos de temas', path: 'avance_grupos_temas', api: 'avance_grupos_temas', name: 'Grupo' },
  { entry: 'Avance bloques de temas', path: 'avance_bloques_temas', api: 'avance_bloques_temas', name: 'Bloque' },
];

/** A whole number as the Spanish UI prints it (es-MX). */
const number = (n) => new Intl.NumberFormat('es-MX').format(n);
/** A percentage as the Spanish UI prints it (one decimal at most). */
const percent = (n) => `${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(n)} %`;
/** 'AAAA-MM' as the month tables name it ('enero 2026'). */
const monthName = (mes) => `${MONTHS[Number(mes.slice(5, 7)) - 1]} ${mes.slice(0, 4)}`;

const menu = (page) => page.getByRole('navigation', { name: 'Menú principal' });

/** The side menu's Indicadores entries. */
async function indicatorEntries(page) {
  const group = menu(page).getByRole('group', { name: 'Indicadores' });
  await group.waitFor();
  return (await group.getByRole('link').allTextContents()).map((t) => t.trim());
}

/** An indicator's answer for some filters, asked with the browser's session. */
async function indicator(url, token, api, body = {}) {
  return apiCall(url, 'POST', `/api/pri/indicadores/${api}`, { token, body });
}

/** The next answer of the screen's POST (JSON, not the export), and the body it was asked with. */
function nextAnswer(page, api) {
  const answer = page
    .waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/pri/indicadores/${api}` && !r.url().includes('formato='),
    )
    .then(async (r) => ({ status: r.status(), body: JSON.parse(r.request().postData() ?? '{}') }));
  answer.catch(() => undefined);
  return answer;
}

/** The rows of a table as text, header cell first. */
async function tableRows(table) {
  const rows = table.locator('tbody tr');
  const out = [];
  for (let i = 0; i < (await rows.count()); i += 1) out.push((await rows.nth(i).locator('th, td').allTextContents()).map((c) => c.trim()));
  return out;
}

/** Waits until a table shows exactly these rows. */
async function expectRows(table, expected, what) {
  let shown;
  await eventually(async () => {
    shown = await tableRows(table);
    return JSON.stringify(shown) === JSON.stringify(expected);
  }, `${what}: ${JSON.stringify(expected)} (shown ${JSON.stringify(shown)})`);
}

/** Gráficas shows the API's figures: per month, per plant, per structure level and per modality. */
async function expectCharts(page, g) {
  await expectRows(
    page.getByRole('table', { name: 'Acreditados y no acreditados por mes' }),
    g.por_mes.map((m) => [monthName(m.mes), number(m.acreditados), number(m.no_acreditados)]),
    'the month table',
  );
  const compliance = (rows) => rows.map((r) => [r.nombre, number(r.requeridos), number(r.acreditados), percent(r.porcentaje)]);
  await expectRows(page.getByRole('table', { name: 'Cumplimiento por planta' }), compliance(g.por_planta), 'the plant table');
  const level = `N${g.nivel_estructura}`;
  await page.getByRole('heading', { level: 3, name: `Cumplimiento por ${level}` }).waitFor();
  await expectRows(page.getByRole('table', { name: `Cumplimiento por ${level}` }), compliance(g.por_estructura), `the ${level} table`);
  await expectRows(
    page.getByRole('table', { name: 'Cursos, participantes y horas por modalidad' }),
    g.por_modalidad.map((m) => [m.modalidad, number(m.cursos), number(m.participantes), new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(m.horas)]),
    'the modality table',
  );
}

/** The summary's figures of an Avance answer. */
function summaryOf(filas) {
  const sum = (k) => filas.reduce((s, r) => s + r[k], 0);
  const requeridos = sum('requeridos');
  const acreditados = sum('acreditados');
  return {
    audiencia: number(sum('audiencia')),
    requeridos: number(requeridos),
    acreditados: number(acreditados),
    porcentaje: percent(requeridos === 0 ? 0 : Math.round((acreditados * 1000) / requeridos) / 10),
  };
}

/** An Avance screen shows the API's rows: the summary, one table row each with its bar. */
async function expectProgress(page, answer) {
  const expected = summaryOf(answer.filas);
  let shown;
  await eventually(async () => {
    const summary = page.getByTestId('progress-summary');
    shown = {};
    for (const k of Object.keys(expected)) shown[k] = (await summary.getByTestId(`summary-${k}`).textContent()).trim();
    return JSON.stringify(shown) === JSON.stringify(expected);
  }, `the summary shows ${JSON.stringify(expected)} (shown ${JSON.stringify(shown)})`);
  const table = page.getByRole('table', { name: 'Avance por fila' });
  await eventually(async () => (await table.locator('tbody tr').count()) === answer.filas.length, `${answer.filas.length} rows`);
  const first = answer.filas[0];
  const bar = table.getByRole('progressbar', { name: `Avance de ${first.nombre}: ${percent(first.porcentaje)}` });
  assert.equal(await bar.getAttribute('aria-valuenow'), String(first.porcentaje), `the bar of ${first.nombre}`);
  return expected;
}

/** Opens a screen from the side menu and waits for its first answer. */
async function openFromMenu(page, screen) {
  const answer = nextAnswer(page, screen.api);
  await menu(page).getByRole('link', { name: screen.entry, exact: true }).click();
  await page.waitForURL(`**/menu/${screen.path}`);
  const { status, body } = await answer;
  assert.equal(status, 200, `${screen.api} answers`);
  assert.deepEqual(body, { solo_obligatorios: true }, 'the default filters: the server picks the period');
}

/** 'Exportar a Excel': a download whose bytes are a zip (an .xlsx starts with 'PK'). */
async function exportExcel(page, t, screen) {
  const exported = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/pri/indicadores/${screen.api}?formato=xlsx`));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  const response = await exported;
  assert.equal(response.status(), 200);
  assert.deepEqual(JSON.parse(response.request().postData() ?? '{}').cve_estructura, Number(new URL(page.url()).searchParams.get('cve_estructura')) || undefined);
  const file = await download;
  const bytes = await readFile(await file.path());
  assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', `${screen.entry}: an xlsx file`);
  assert.match(file.suggestedFilename(), /\.xlsx$/);
  t.diagnostic(`${screen.entry}: ${file.suggestedFilename()}, ${bytes.length} bytes`);
}

/** Chooses a structure node in the filter bar, with the mouse or by keyboard. */
async function chooseNode(page, label, { keyboard = false } = {}) {
  const combobox = page.getByRole('combobox', { name: 'Estructura' });
  if (keyboard) {
    await combobox.focus();
    await combobox.fill(label.split(' · ')[1]);
    const option = page.getByRole('option', { name: label, exact: true });
    await option.waitFor();
    // Down to the option, then Enter.
    for (let i = 0; i < 10 && (await option.getAttribute('data-combobox-selected')) === null; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  } else {
    await combobox.click();
    await page.getByRole('option', { name: label, exact: true }).click();
  }
}

describe('indicators: charts and progress against the target audiences', () => {
  let server;
  let browser;
  const report = new AxeReport();

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the Analista opens the four screens from the menu, filters by an N2 node and exports each to Excel', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.analista, 'indicators', 'analista', async (page) => {
      assert.deepEqual(await indicatorEntries(page), ['Gráficas', 'Avance audiencia meta', 'Avance grupos de temas', 'Avance bloques de temas']);
      const token = await sessionToken(page);
      const options = await apiCall(url, 'GET', '/api/pri/indicadores/filtros', { token });
      const n2 = options.niveles.find((n) => n.nivel === 2);
      assert.ok(n2, 'the demo has an N2 node');
      const n2Label = `N2 · ${n2.nombre}`;

      // Gráficas: the figures, then the N2 node — the structure chart splits by N3 below it.
      await openFromMenu(page, CHARTS);
      const all = await indicator(url, token, CHARTS.api);
      assert.equal(all.nivel_estructura, 2);
      await expectCharts(page, all);
      await screenshot(page, 'indicators-graficas-analista');
      const filtered = nextAnswer(page, CHARTS.api);
      await chooseNode(page, n2Label);
      assert.equal((await filtered).body.cve_estructura, n2.cve_estructura);
      assert.equal(new URL(page.url()).searchParams.get('cve_estructura'), String(n2.cve_estructura), 'the filter is in the address');
      const byN2 = await indicator(url, token, CHARTS.api, { cve_estructura: n2.cve_estructura });
      assert.equal(byN2.nivel_estructura, 3);
      assert.notDeepEqual(byN2.por_estructura, all.por_estructura, 'the N2 filter changes the structure chart');
      await expectCharts(page, byN2);
      t.diagnostic(`Gráficas by ${n2Label}: ${byN2.por_estructura.map((r) => `${r.nombre} ${r.porcentaje} %`).join(', ')}`);
      await exportExcel(page, t, CHARTS);

      // A reload keeps the view.
      await page.reload();
      await expectCharts(page, byN2);
      assert.equal(await page.getByRole('combobox', { name: 'Estructura' }).inputValue(), n2Label);

      const n3 = options.niveles.filter((n) => n.nivel === 3 && n.cve_padre === n2.cve_estructura);
      for (const screen of PROGRESS) {
        await openFromMenu(page, screen);
        const before = await indicator(url, token, screen.api);
        const shownBefore = await expectProgress(page, before);
        t.diagnostic(`${screen.entry}: ${JSON.stringify(shownBefore)}`);

        // The N2 node, by keyboard.
        const byNode = nextAnswer(page, screen.api);
        await chooseNode(page, n2Label, { keyboard: true });
        assert.equal((await byNode).body.cve_estructura, n2.cve_estructura);
        const inN2 = await indicator(url, token, screen.api, { cve_estructura: n2.cve_estructura });
        await expectProgress(page, inN2);

        // The demo's N2 holds everyone: an N3 below it shows the figures change.
        let changed = null;
        for (const node of n3) {
          const answer = await indicator(url, token, screen.api, { cve_estructura: node.cve_estructura });
          if (JSON.stringify(summaryOf(answer.filas)) !== JSON.stringify(shownBefore)) {
            changed = { node, answer };
            break;
          }
        }
        assert.ok(changed, `${screen.entry}: some N3 under ${n2.nombre} has other figures`);
        const byN3 = nextAnswer(page, screen.api);
        await chooseNode(page, `N3 · ${changed.node.nombre}`, { keyboard: true });
        assert.equal((await byN3).body.cve_estructura, changed.node.cve_estructura);
        const shownAfter = await expectProgress(page, changed.answer);
        assert.notDeepEqual(shownAfter, shownBefore, `${screen.entry}: the figures change`);
        t.diagnostic(`${screen.entry} in N3 ${changed.node.nombre}: ${JSON.stringify(shownAfter)}`);

        // Sorting by audience, by keyboard.
        const table = page.getByRole('table', { name: 'Avance por fila' });
        await table.getByRole('button', { name: 'Audiencia' }).focus();
        await page.keyboard.press('Enter');
        assert.equal(await table.getByRole('columnheader', { name: /Audiencia/ }).getAttribute('aria-sort'), 'descending');
        await screenshot(page, `indicators-${screen.path}-analista`);
        await exportExcel(page, t, screen);
      }
    });
  });

  test('the Supervisor sees only Gráficas under Indicadores, with their team’s figures', { timeout: SCENARIO_TIMEOUT }, async () => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.supervisor, 'indicators', 'supervisor', async (page) => {
      assert.deepEqual(await indicatorEntries(page), ['Gráficas']);
      await openFromMenu(page, CHARTS);
      const token = await sessionToken(page);
      await expectCharts(page, await indicator(url, token, CHARTS.api));
      // The other screens are not theirs, not even by address.
      await page.goto(`${url}/menu/avance_grupos_temas`);
      await page.getByText('Sin acceso', { exact: true }).waitFor();
      await screenshot(page, 'indicators-supervisor-no-permission');
    });
  });

  test('every indicator screen passes axe at 1366 and 390 px', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.analista, 'indicators', 'axe', async (page) => {
      for (const screen of [CHARTS, ...PROGRESS]) {
        for (const { name, viewport } of WIDTHS) {
          await page.setViewportSize(viewport);
          await page.goto(`${url}/menu/${screen.path}`);
          if (screen === CHARTS) await page.getByRole('table', { name: 'Acreditados y no acreditados por mes' }).waitFor({ state: 'attached' });
          else await page.getByRole('table', { name: 'Avance por fila' }).waitFor();
          await report.check(page, `${screen.path} @${name}`);
          await screenshot(page, `indicators-${screen.path}-${name}`, { fullPage: true });
          // Nothing sticks out sideways at a phone's width (the wide table scrolls in its own region).
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(overflow <= 1, `${screen.path} @${name}: the page does not scroll sideways (${overflow} px)`);
        }
      }
      // Gráficas' figures as tables ('Ver como tabla'), at a phone's width.
      await page.setViewportSize(WIDTHS[1].viewport);
      await page.goto(`${url}/menu/${CHARTS.path}`);
      const month = page.getByTestId('chart-by-month');
      await month.getByRole('button', { name: 'Ver como tabla' }).click();
      await settle(page);
      await report.check(page, 'graficas table mode @390');
      await screenshot(page, 'indicators-graficas-table-390', { fullPage: true });
    });
    t.diagnostic(report.summary());
    report.assertClean();
  });
});
