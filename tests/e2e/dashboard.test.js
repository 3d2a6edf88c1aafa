// Dashboard end to end (issue 16), in the browser. The Administrador lands on /menu/dashboard
// and sees the admin-style view with the demo's figures as the API answers them to the same
// session: the summary cards (courses this week, accreditations about to expire, in-person
// courses this month, this year's costs in MXN) and their own place in the ranking; the
// monthly modality chart (a canvas 300 px high) with its table alternative (January to
// December, the same figures), shown with 'Ver como tabla'; training by region and by N2; the
// top-5 ranking of the year, then of the day (rows or 'No se encontró información'). The
// Supervisor sees the same view with their team's (smaller) figures. The dashboard is checked
// with axe at 1366 and 390 px, the table mode included. The participant adds a task in the
// Tareas card, edits it, marks it done (the server has it done) and deletes it.
//
// One session per user: a browser sign-in ends that user's other sessions, so the API answers
// are read with the browser's own token (sessionToken).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, sessionToken } from './support/api.js';
import { AxeReport, WIDTHS, settle } from './support/axe.js';
import { DEMO_USERS, eventually, launchBrowser, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';
import { asUser } from './support/scenario.js';

const SCENARIO_TIMEOUT = 180_000;
const SCREEN = '/menu/dashboard';
const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];
const EMPTY = 'No se encontró información';

/** A whole number as the Spanish UI prints it (es-MX). */
const number = (n) => new Intl.NumberFormat('es-MX').format(n);
/** An amount in MXN as the Spanish UI prints it. */
const money = (n) => new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(n);
/** A percentage as the Spanish UI prints it (one decimal at most). */
const percent = (n) => `${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(n)} %`;

/** The dashboard's API answers to the session signed in on `page`. */
async function dashboardAnswers(url, page) {
  const token = await sessionToken(page);
  const get = (route) => apiCall(url, 'GET', `/api/pri/dashboard/${route}`, { token });
  const [cards, months, top, region, n2] = await Promise.all([
    get('cards'),
    get('modalidadxmes'),
    get('ranking/Anio'),
    get('getCapacitacionPorRegion'),
    get('getCapacitacionPorEstructura'),
  ]);
  return { cards, months, top, region, n2, get };
}

/** The figure a summary card shows. */
const cardValue = async (page, id) => (await page.getByTestId(`${id}-value`).textContent()).trim();

/** Waits until the cards show the API's figures. */
async function expectCards(page, cards) {
  const expected = {
    'card-week': number(cards.total_cursos_programados_esta_semana),
    'card-expiring': number(cards.total_cursos_proximos_vencer),
    'card-in-person': number(cards.total_cursos_impartidos_mes),
    'card-costs': money(cards.total_costos_cursos),
    'card-my-ranking': cards.mi_ranking > 0 ? `${number(cards.mi_ranking)}.º` : '—',
  };
  await eventually(async () => {
    for (const [id, value] of Object.entries(expected)) if ((await cardValue(page, id)) !== value) return false;
    return true;
  }, `the cards show ${JSON.stringify(expected)}`);
  return expected;
}

/** The rows of the ranking's table, as [posición, nombre, total] (none without a table). */
async function rankingRows(page) {
  const rows = page.getByTestId('ranking').getByTestId('ranking-row');
  const out = [];
  for (let i = 0; i < (await rows.count()); i += 1) {
    const row = rows.nth(i);
    const cells = row.getByRole('cell');
    out.push({
      posicion: (await cells.first().textContent()).trim(),
      nombre: (await row.getByRole('rowheader').textContent()).trim(),
      total: (await cells.last().textContent()).trim(),
      badge: await row.getByRole('img').getAttribute('alt'),
    });
  }
  return out;
}

/** Waits until the ranking shows the API's rows (or the empty message when there are none). */
async function expectRanking(page, rows) {
  const card = page.getByTestId('ranking');
  if (rows.length === 0) {
    await card.getByText(EMPTY, { exact: true }).waitFor();
    assert.equal(await card.getByRole('table').count(), 0, 'no table when nobody is ranked');
    return;
  }
  await eventually(async () => {
    const shown = await rankingRows(page);
    return (
      shown.length === rows.length &&
      shown.every((r, i) => r.posicion === String(rows[i].posicion) && r.nombre.startsWith(rows[i].nombre_empleado) && r.total === number(rows[i].total_cursos))
    );
  }, `the ranking lists ${rows.map((r) => r.nombre_empleado).join(', ')}`);
}

/** The modality table alternative: twelve months with the API's figures. */
async function expectModalityTable(page, months) {
  const year = months[0].period.slice(0, 4);
  const table = page.getByRole('table', { name: `Cursos de ${year} por mes y modalidad` });
  await table.waitFor({ state: 'attached' });
  const rows = table.locator('tbody tr');
  assert.equal(await rows.count(), 12, 'January to December');
  for (let i = 0; i < 12; i += 1) {
    const m = months.find((x) => x.nummes === i + 1) ?? { presencial: 0, virtual: 0, streaming: 0 };
    const cells = (await rows.nth(i).locator('th, td').allTextContents()).map((c) => c.trim());
    assert.deepEqual(cells, [MONTHS[i], number(m.presencial), number(m.virtual), number(m.streaming)], `row of ${MONTHS[i]}`);
  }
  return table;
}

describe('dashboard: the admin-style view with its cards, charts and ranking', () => {
  let server;
  let browser;
  const report = new AxeReport();
  /** The Administrador's cards, to compare the Supervisor's with. */
  let adminCards = null;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the Administrador sees the demo’s figures, the modality chart and its table, and the top 5 by period', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.administrador, 'dashboard', 'admin', async (page) => {
      assert.equal(new URL(page.url()).pathname, SCREEN, 'the Administrador lands on the dashboard');
      const api = await dashboardAnswers(url, page);
      adminCards = api.cards;
      t.diagnostic(`cards ${JSON.stringify(api.cards)}`);

      await page.getByRole('heading', { level: 2, name: 'Indicadores de capacitación' }).waitFor();
      const shown = await expectCards(page, api.cards);
      t.diagnostic(`cards shown ${JSON.stringify(shown)}`);

      // The modality chart: a canvas 300 px high, named for screen readers, and its table.
      const modality = page.getByTestId('modality-chart');
      const canvas = modality.locator('canvas');
      await canvas.waitFor();
      assert.match((await canvas.getAttribute('aria-label')) ?? '', /por mes y modalidad/);
      const box = await canvas.boundingBox();
      assert.ok(box && Math.round(box.height) === 300, `the chart is 300 px high (${JSON.stringify(box)})`);
      await expectModalityTable(page, api.months);

      // Region and N2: a chart each, or the empty message; their tables name every area.
      for (const [id, rows, caption] of [
        ['region-chart', api.region, 'Capacitación por región'],
        ['structure-chart', api.n2, 'Capacitación por N2'],
      ]) {
        const card = page.getByTestId(id);
        if (rows.length === 0) {
          await card.getByText(EMPTY, { exact: true }).waitFor();
          continue;
        }
        await card.locator('canvas').waitFor();
        const table = card.getByRole('table', { name: caption });
        for (const r of rows) {
          await table.getByRole('row', { name: `${r.area} ${percent(r.porcentaje)} ${number(r.acreditados)} ${number(r.requeridos)}` }).waitFor({ state: 'attached' });
        }
      }

      // The top 5 of the year (the default period), each with its badge.
      assert.equal(api.top.length, 5, `the demo has five people in this year's ranking: ${JSON.stringify(api.top)}`);
      assert.ok(await page.getByTestId('ranking').getByRole('radio', { name: 'Año' }).isChecked(), 'Año is the default period');
      await expectRanking(page, api.top);
      const badges = (await rankingRows(page)).map((r) => r.badge);
      assert.deepEqual(badges.slice(0, 3), ['Insignia de oro', 'Insignia de plata', 'Insignia de bronce']);
      const badgeLoaded = await page
        .getByTestId('ranking')
        .getByRole('img', { name: 'Insignia de oro' })
        .evaluate((img) => img.complete && img.naturalWidth > 0);
      assert.ok(badgeLoaded, 'the badge image is served by the web app');

      await report.check(page, `${SCREEN} Administrador @1366`);
      await screenshot(page, 'dashboard-admin-1366', { fullPage: true });

      // 'Ver como tabla': the modality figures in a visible table instead of the chart.
      await modality.getByRole('button', { name: 'Ver como tabla' }).click();
      await eventually(async () => (await canvas.count()) === 0, 'the chart gives way to the table');
      const visible = await expectModalityTable(page, api.months);
      assert.ok(await visible.isVisible(), 'the table is shown');
      await report.check(page, `${SCREEN} Administrador, modality as a table @1366`);
      await modality.screenshot({ path: new URL('../artifacts/dashboard-modality-table-1366.png', import.meta.url).pathname });
      await modality.getByRole('button', { name: 'Ver como tabla' }).click();
      await canvas.waitFor();

      // Día: the day's rows as the API answers them, or the empty message.
      const day = await api.get('ranking/Dia');
      t.diagnostic(`ranking of the day: ${day.length} row(s)`);
      const dayAsked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/pri/dashboard/ranking/Dia');
      await page.getByTestId('ranking').getByRole('radiogroup', { name: 'Periodo del ranking' }).getByText('Día', { exact: true }).click();
      assert.equal((await dayAsked).status(), 200);
      await expectRanking(page, day);
      await settle(page);
      await page.getByTestId('ranking').screenshot({ path: new URL('../artifacts/dashboard-ranking-day-1366.png', import.meta.url).pathname });

      // A phone: everything stacks, nothing scrolls sideways.
      for (const width of WIDTHS.filter((w) => w.name !== '1366')) {
        await page.setViewportSize(width.viewport);
        await page.reload();
        await expectCards(page, api.cards);
        await page.getByTestId('modality-chart').locator('canvas').waitFor();
        await expectRanking(page, api.top);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `no horizontal scroll at ${width.name} px (${overflow} px too wide)`);
        const chartBox = await page.getByTestId('modality-chart').locator('canvas').boundingBox();
        assert.ok(chartBox && chartBox.width <= width.viewport.width, `the chart fits the phone (${JSON.stringify(chartBox)})`);
        await report.check(page, `${SCREEN} Administrador @${width.name}`);
        await screenshot(page, `dashboard-admin-${width.name}`, { fullPage: true });
        await page.getByTestId('modality-chart').getByRole('button', { name: 'Ver como tabla' }).click();
        await expectModalityTable(page, api.months);
        await report.check(page, `${SCREEN} Administrador, modality as a table @${width.name}`);
      }
    });
  });

  test('the Supervisor sees the same view with their team’s figures', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    assert.ok(adminCards, 'the previous test read the Administrador’s cards');
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.supervisor, 'dashboard', 'supervisor', async (page) => {
      const api = await dashboardAnswers(url, page);
      t.diagnostic(`supervisor cards ${JSON.stringify(api.cards)} (admin ${JSON.stringify(adminCards)})`);
      // The server scopes the Supervisor's figures to their team: fewer expiring accreditations.
      assert.ok(
        api.cards.total_cursos_proximos_vencer < adminCards.total_cursos_proximos_vencer,
        `the team has fewer accreditations about to expire (${api.cards.total_cursos_proximos_vencer} < ${adminCards.total_cursos_proximos_vencer})`,
      );
      await page.getByRole('heading', { level: 2, name: 'Indicadores de capacitación' }).waitFor();
      await expectCards(page, api.cards);
      await page.getByTestId('modality-chart').locator('canvas').waitFor();
      await expectModalityTable(page, api.months);
      await expectRanking(page, api.top);
      // No survey in the admin-style view.
      assert.equal(await page.getByRole('button', { name: 'Enviar encuesta' }).count(), 0);
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        await page.reload();
        await expectCards(page, api.cards);
        await page.getByTestId('modality-chart').locator('canvas').waitFor();
        await report.check(page, `${SCREEN} Supervisor @${width.name}`);
        await screenshot(page, `dashboard-supervisor-${width.name}`, { fullPage: true });
      }
    });
    t.diagnostic(report.summary());
    report.assertClean();
  });

  test('the participant adds a task, edits it, marks it done and deletes it', { timeout: SCENARIO_TIMEOUT }, async () => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.participante, 'dashboard', 'tasks', async (page) => {
      if (new URL(page.url()).pathname !== SCREEN) await page.goto(`${url}${SCREEN}`);
      const card = page.getByTestId('tasks');
      await card.getByRole('heading', { level: 2, name: 'Tareas' }).waitFor();
      const first = `Revisar el reglamento ${Date.now()}`;
      const renamed = `${first} (actualizada)`;

      await card.getByRole('button', { name: 'Agregar tarea' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
      await dialog.getByRole('textbox', { name: /Título/ }).fill(first);
      await dialog.getByRole('textbox', { name: 'Descripción' }).fill('Capítulo de seguridad');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByRole('checkbox', { name: first }).waitFor();

      await card.getByRole('button', { name: `Editar la tarea ${first}` }).click();
      const edit = page.getByRole('dialog', { name: 'Editar tarea' });
      await edit.getByRole('textbox', { name: /Título/ }).fill(renamed);
      await edit.getByRole('button', { name: 'Guardar' }).click();
      await edit.waitFor({ state: 'detached' });
      const box = card.getByRole('checkbox', { name: renamed });
      await box.waitFor();

      await box.check();
      const token = await sessionToken(page);
      await eventually(async () => {
        const tasks = await apiCall(url, 'GET', '/api/pri/tareas', { token });
        return tasks.some((task) => task.title === renamed && task.done === true);
      }, 'the server has the task done');
      assert.equal(await box.isChecked(), true);

      await card.getByRole('button', { name: `Eliminar la tarea ${renamed}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Eliminar tarea' });
      await confirm.getByRole('button', { name: 'Eliminar' }).click();
      await card.getByRole('checkbox', { name: renamed }).waitFor({ state: 'detached' });
      const left = await apiCall(url, 'GET', '/api/pri/tareas', { token });
      assert.equal(left.some((task) => task.title === renamed), false, 'the task is gone');
    });
  });
});
