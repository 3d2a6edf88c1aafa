// Reporte masivo and Mis exportaciones end to end, in the browser. The Analista opens
// Reporte masivo from the side menu, filters it by a topic (with the mouse) and a state (by
// keyboard) — both kept in the address and sent in the table's body — and sees only the rows
// the API answers for that filter; downloads them as CSV (the UTF-8 BOM, then one line per
// row); starts an export in the background, follows it in the corner panel until it is
// 'Terminada', opens Mis exportaciones from the panel's link and downloads it there (the same
// rows). Both screens pass axe at 1366 and 390 px and do not scroll sideways on a phone;
// screenshots go to tests/artifacts/reports-*.png.
//
// One session per user: a browser sign-in ends that user's other sessions, so the API answers
// are read with the browser's own token (sessionToken).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { apiCall, sessionToken } from './support/api.js';
import { AxeReport, WIDTHS } from './support/axe.js';
import { DEMO_USERS, eventually, launchBrowser, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';
import { asUser } from './support/scenario.js';

const SCENARIO_TIMEOUT = 300_000;
const TABLE_API = '/api/pri/reportes/reporte_masivo/tabla';
const JOB_API = '/api/pri/reportes/reporte_masivo/exportacion';
const STATE = 'Vencido';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const menu = (page) => page.getByRole('navigation', { name: 'Menú principal' });
const reportTable = (page) => page.getByRole('table', { name: 'Reporte masivo' });
/** A whole number as the Spanish UI prints it (es-MX). */
const number = (n) => new Intl.NumberFormat('es-MX').format(n);

/** The table's body of a filter: the mass report's first page, as the screen asks for it. */
function tableQuery(filtersEXT, extra = {}) {
  return { page: 1, cantPP: 100, order: 'nombre_empleado', ordertype: 'asc', columns_with_selects: [], filtersEXT, ...extra };
}

/** The next answer of the table's POST (a page, not the export), and the body it was asked with. */
function nextPage(page) {
  const answer = page
    .waitForResponse((r) => {
      if (r.request().method() !== 'POST' || new URL(r.url()).pathname !== TABLE_API) return false;
      return !JSON.parse(r.request().postData() ?? '{}').excel;
    })
    .then(async (r) => ({ status: r.status(), body: JSON.parse(r.request().postData() ?? '{}') }));
  answer.catch(() => undefined);
  return answer;
}

/** The rows of the report's table, each as { header: text }. */
async function shownRows(page) {
  const table = reportTable(page);
  const headers = (await table.locator('thead tr').first().locator('th').allTextContents()).map((h) => h.trim());
  const rows = table.locator('tbody tr');
  const out = [];
  for (let i = 0; i < (await rows.count()); i += 1) {
    const cells = (await rows.nth(i).locator('td').allTextContents()).map((c) => c.trim());
    out.push(Object.fromEntries(headers.map((h, j) => [h, cells[j]])));
  }
  return out;
}

/** A CSV's data lines (after the BOM and the header line). */
function csvLines(bytes) {
  return bytes.subarray(BOM.length).toString('utf8').split(/\r?\n/).filter((l) => l.trim() !== '').slice(1);
}

/** Opens the 'Exportar' menu and chooses an item. */
async function exportItem(page, name) {
  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

describe('reports: the mass report and my background exports', () => {
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

  test('the Analista filters the mass report by a topic and a state, downloads it as CSV and in the background', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.analista, 'reports', 'analista', async (page) => {
      const token = await sessionToken(page);
      const options = await apiCall(url, 'GET', '/api/pri/reportes/opciones', { token });
      // A topic with some expired accreditations (the demo has several): few enough to read.
      let topic = null;
      let expected = null;
      for (const candidate of options.temas) {
        const answer = await apiCall(url, 'POST', TABLE_API, { token, body: tableQuery({ cve_tema: candidate.value, estado: STATE }) });
        if (answer.pages.cantidad_registros > 0 && answer.pages.cantidad_registros <= 60) {
          topic = candidate;
          expected = answer;
          break;
        }
      }
      assert.ok(topic, `the demo has a topic with 1 to 60 rows '${STATE}'`);
      const count = expected.pages.cantidad_registros;
      t.diagnostic(`topic ${topic.label}: ${count} rows ${STATE}`);

      // From the side menu, under Reportes.
      const first = nextPage(page);
      await menu(page).getByRole('group', { name: 'Reportes' }).getByRole('link', { name: 'Reporte masivo', exact: true }).click();
      await page.waitForURL('**/menu/reporte_masivo');
      const opened = await first;
      assert.equal(opened.status, 200);
      assert.deepEqual(opened.body.filtersEXT, {}, 'no filter at first');
      await reportTable(page).waitFor();

      // The topic with the mouse.
      const byTopic = nextPage(page);
      await page.getByRole('combobox', { name: 'Tema', exact: true }).click();
      await page.getByRole('option', { name: topic.label, exact: true }).click();
      assert.deepEqual((await byTopic).body.filtersEXT, { cve_tema: topic.value });

      // The state by keyboard: focus, type, down to it, Enter.
      const byState = nextPage(page);
      const state = page.getByRole('combobox', { name: 'Estado', exact: true });
      await state.focus();
      await page.keyboard.press('Enter');
      const option = page.getByRole('option', { name: STATE, exact: true });
      await option.waitFor();
      for (let i = 0; i < 6 && (await option.getAttribute('data-combobox-selected')) === null; i += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const filtered = await byState;
      assert.equal(filtered.status, 200);
      assert.deepEqual(filtered.body.filtersEXT, { cve_tema: topic.value, estado: STATE }, 'the filters are sent in the body');
      const params = new URL(page.url()).searchParams;
      assert.equal(params.get('cve_tema'), String(topic.value), 'the topic is in the address');
      assert.equal(params.get('estado'), STATE, 'the state is in the address');

      // Only the matching rows: the API's first page, each of the topic and the state.
      await page.getByText(`${number(count)} ${count === 1 ? 'fila' : 'filas'} con estos filtros`, { exact: true }).waitFor();
      const firstPage = expected.result.slice(0, 10);
      let rows;
      await eventually(async () => {
        rows = await shownRows(page);
        return JSON.stringify(rows.map((r) => r['Núm. empleado'])) === JSON.stringify(firstPage.map((r) => r.num_empleado));
      }, `the first page shows ${firstPage.map((r) => r.num_empleado).join(', ')} (shown ${JSON.stringify(rows?.map((r) => r['Núm. empleado']))})`);
      for (const row of rows) {
        assert.equal(row.Estado, STATE, `every row is ${STATE}`);
        assert.equal(row.Tema, firstPage[0].nombre_tema, 'every row is of the topic');
      }
      await screenshot(page, 'reports-mass-filtered');

      // A reload keeps the view.
      await page.reload();
      await page.getByText(`${number(count)} ${count === 1 ? 'fila' : 'filas'} con estos filtros`, { exact: true }).waitFor();
      assert.equal(await page.getByRole('combobox', { name: 'Estado', exact: true }).inputValue(), STATE);

      // CSV now (up to 10,000 rows): the BOM, then the header and one line per row.
      const exported = page.waitForResponse((r) => new URL(r.url()).pathname === TABLE_API && JSON.parse(r.request().postData() ?? '{}').excel === true);
      const download = page.waitForEvent('download');
      await exportItem(page, 'CSV (.csv)');
      const response = await exported;
      assert.equal(response.status(), 200);
      assert.deepEqual(
        { ...JSON.parse(response.request().postData()), page: undefined, cantPP: undefined },
        { ...filtered.body, page: undefined, cantPP: undefined, excel: true, formato: 'csv' },
        'the export asks for the same query as the table',
      );
      const file = await download;
      assert.match(file.suggestedFilename(), /\.csv$/);
      const bytes = await readFile(await file.path());
      assert.deepEqual(bytes.subarray(0, 3), BOM, 'the CSV starts with the UTF-8 BOM');
      const lines = csvLines(bytes);
      assert.equal(lines.length, count, 'one line per row');
      for (const row of expected.result) assert.ok(lines.some((l) => l.includes(row.num_empleado)), `the CSV holds ${row.num_empleado}`);
      t.diagnostic(`CSV ${file.suggestedFilename()}: ${bytes.length} bytes, ${lines.length} rows`);

      // In the background (a user's choice at any size): the panel follows the job to its end.
      const started = page.waitForResponse((r) => new URL(r.url()).pathname === JOB_API);
      await exportItem(page, 'CSV (.csv) en segundo plano');
      const job = await started;
      assert.equal(job.status(), 202);
      const jobBody = JSON.parse(job.request().postData());
      assert.deepEqual(jobBody.filtersEXT, { cve_tema: topic.value, estado: STATE });
      assert.equal(jobBody.formato, 'csv');
      const { id_exportacion: id } = await job.json();
      const panel = page.getByRole('region', { name: 'Exportación en segundo plano' });
      await panel.waitFor();
      await panel.getByText('Terminada', { exact: true }).waitFor({ timeout: 60_000 });
      await panel.getByText(`Lista: ${number(count)} ${count === 1 ? 'fila' : 'filas'}`, { exact: true }).waitFor();
      assert.equal(await panel.getByRole('progressbar').getAttribute('aria-valuenow'), String(count));
      await screenshot(page, 'reports-mass-job-done');

      // Mis exportaciones, from the panel's link: the job is there, finished, and downloads.
      await panel.getByRole('link', { name: 'Ver mis exportaciones' }).click();
      await page.waitForURL('**/menu/mis_exportaciones');
      const jobs = await apiCall(url, 'GET', '/api/pri/reportes/exportaciones', { token });
      const mine = jobs.find((j) => j.id_exportacion === id);
      assert.equal(mine?.estado, 'terminada', 'the API says it finished');
      const card = page.getByRole('listitem', { name: mine.nombre }).filter({ has: page.getByText('Terminada', { exact: true }) }).first();
      await card.waitFor();
      await card.getByText(`Lista: ${number(count)} ${count === 1 ? 'fila' : 'filas'}`, { exact: true }).waitFor();
      const again = page.waitForEvent('download');
      await card.getByRole('button', { name: `Descargar ${mine.nombre}` }).click();
      const jobFile = await again;
      const jobBytes = await readFile(await jobFile.path());
      assert.deepEqual(jobBytes.subarray(0, 3), BOM, 'the background CSV starts with the UTF-8 BOM');
      assert.deepEqual(csvLines(jobBytes), lines, 'the background CSV holds the same rows');
      t.diagnostic(`background ${jobFile.suggestedFilename()}: ${jobBytes.length} bytes`);
      await screenshot(page, 'reports-my-exports');
    });
  });

  test('both screens pass axe at 1366 and 390 px and do not scroll sideways', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.analista, 'reports', 'axe', async (page) => {
      const screens = [
        { path: `reporte_masivo?estado=${encodeURIComponent(STATE)}`, name: 'reporte_masivo', ready: () => reportTable(page).locator('tbody tr').first().waitFor() },
        {
          path: 'mis_exportaciones',
          name: 'mis_exportaciones',
          ready: () => page.getByRole('list', { name: 'Exportaciones' }).or(page.getByText('Aún no tienes exportaciones')).waitFor(),
        },
      ];
      for (const screen of screens) {
        for (const { name, viewport } of WIDTHS) {
          await page.setViewportSize(viewport);
          await page.goto(`${url}/menu/${screen.path}`);
          await screen.ready();
          await report.check(page, `${screen.name} @${name}`);
          await screenshot(page, `reports-${screen.name}-${name}`, { fullPage: true });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(overflow <= 1, `${screen.name} @${name}: the page does not scroll sideways (${overflow} px)`);
        }
      }
      // The export menu open, with PDF disabled and its reason (more than 2,000 rows unfiltered).
      await page.setViewportSize(WIDTHS[0].viewport);
      await page.goto(`${url}/menu/reporte_masivo`);
      await reportTable(page).locator('tbody tr').first().waitFor();
      await page.getByRole('button', { name: 'Exportar', exact: true }).click();
      const pdf = page.getByTestId('export-pdf');
      await pdf.waitFor();
      assert.match(await pdf.textContent(), /PDF solo hasta 2,000 filas; este reporte tiene [\d,]+\./, 'the reason is shown');
      assert.equal(await pdf.isDisabled(), true, 'PDF is disabled above 2,000 rows');
      await report.check(page, 'reporte_masivo export menu @1366');
      await screenshot(page, 'reports-mass-export-menu');
    });
    t.diagnostic(report.summary());
    report.assertClean();
  });
});
