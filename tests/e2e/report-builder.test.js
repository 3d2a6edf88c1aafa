// The Reporteador and Reportes guardados end to end, in the browser. The Analista opens the
// Reporteador from the side menu, builds a report on the Empleados source — three columns (one
// moved up by keyboard), the filter 'Activo es igual a Sí', grouped by Supervisor with the sum of
// 'Temas requeridos' — and sees the preview the API answers for that layout, with its grand
// total; saves it shared with the Supervisor profile; exports it to Excel (an .xlsx: a zip
// starting with 'PK' whose sheet holds the preview's rows); schedules its weekly delivery to
// the Supervisor, found by the employee search; and runs it from Reportes guardados. The
// Supervisor then sees it in Reportes guardados (without editing, scheduling or deleting it,
// and without the Reporteador), runs it and sees only their team: fewer people, in groups
// that are all among the Analista's, their own name among the supervisors. Both screens and
// the dialogs pass axe at 1366 and 390 px and do not scroll sideways on a phone; screenshots
// go to tests/artifacts/report-builder-*.png.
//
// One session per user: a browser sign-in ends that user's other sessions, so the API answers
// are read with the browser's own token (sessionToken).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import readXlsxFile from 'read-excel-file/node';
import { apiCall, sessionToken } from './support/api.js';
import { AxeReport, WIDTHS, settle } from './support/axe.js';
import { DEMO_USERS, eventually, launchBrowser, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';
import { asUser } from './support/scenario.js';

const SCENARIO_TIMEOUT = 300_000;
const REPORT_NAME = 'Personal activo por supervisor';
const DEFINITION = {
  fuente: 'empleados',
  columnas: ['nombre_empleado', 'planta', 'puesto'],
  filtros: [{ columna: 'activo', operador: 'igual', valor: '1' }],
  agrupar: ['supervisor'],
  totales: [{ columna: 'temas_requeridos', funcion: 'suma' }],
  orden: null,
};
const SUPERVISOR_PROFILE = 3;
const SUPERVISOR_NAME = 'Jorge Salinas Cantú';
const DESKTOP = WIDTHS.find((w) => w.name === '1366');
const PHONE = WIDTHS.find((w) => w.name === '390');

const menu = (page) => page.getByRole('navigation', { name: 'Menú principal' });
/** A whole number as the Spanish UI prints it (es-MX). */
const number = (n) => new Intl.NumberFormat('es-MX').format(n);
/** A sum or average as the Spanish UI prints it (two decimals at most). */
const decimal = (n) => new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 }).format(n);

/** The side menu's Reportes entries. */
async function reportEntries(page) {
  const group = menu(page).getByRole('group', { name: 'Reportes' });
  await group.waitFor();
  return (await group.getByRole('link').allTextContents()).map((t) => t.trim());
}

/** Chooses an option of a Mantine select (only the open list's options are visible; the name may be a RegExp). */
async function choose(page, label, option, { within = page } = {}) {
  const box = within.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await eventually(async () => (await page.getByRole('listbox').count()) === 0, `the list of ${label} closes`);
}

/** The next answer of a POST to `path`, with the body it was asked with. */
function nextAnswer(page, path, matches = () => true) {
  const answer = page
    .waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path && matches(JSON.parse(r.request().postData() ?? '{}')))
    .then(async (r) => ({ status: r.status(), body: JSON.parse(r.request().postData() ?? '{}'), json: await r.json().catch(() => null) }));
  answer.catch(() => undefined);
  return answer;
}

/** The rows of a result table as text. */
async function tableRows(table) {
  const rows = table.locator('tbody tr');
  const out = [];
  for (let i = 0; i < (await rows.count()); i += 1) out.push((await rows.nth(i).locator('td').allTextContents()).map((c) => c.trim()));
  return out;
}

/** A grouped result's rows as the table shows them: supervisor ('Sin dato' for none), count and the sum. */
const shownAs = (filas) => filas.map(([supervisor, registros, suma]) => [supervisor || 'Sin dato', number(registros), suma === null ? '' : decimal(suma)]);

/** Waits until a result table shows exactly an answer's rows. */
async function expectResult(table, answer, what) {
  const expected = shownAs(answer.filas);
  let shown;
  await eventually(async () => {
    shown = await tableRows(table);
    return JSON.stringify(shown) === JSON.stringify(expected);
  }, `${what}: ${JSON.stringify(expected)} (shown ${JSON.stringify(shown)})`);
}

/** Checks the page at both widths (it must not scroll sideways on a phone), then goes back to the desktop. */
async function checkWidths(page, report, label, ready) {
  for (const { name, viewport } of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    if (ready) await ready();
    await report.check(page, `${label} @${name}`);
    await screenshot(page, `report-builder-${label}-${name}`, { fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `${label} @${name}: the page does not scroll sideways (${overflow} px)`);
  }
  await page.setViewportSize(DESKTOP.viewport);
}

describe('report builder: a layout built, shared, exported, scheduled and run within each one’s scope', () => {
  let server;
  let browser;
  const report = new AxeReport();
  /** What the Analista saw: the saved layout's id and its whole result. */
  const analyst = { id: null, result: null };

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the Analista builds a report, sees its preview, saves it for Supervisors, exports it and schedules it', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.analista, 'report-builder', 'analista', async (page) => {
      const entries = await reportEntries(page);
      assert.ok(entries.includes('Reporteador') && entries.includes('Reportes guardados'), `the Reportes entries: ${entries.join(', ')}`);
      await menu(page).getByRole('link', { name: 'Reporteador', exact: true }).click();
      await page.waitForURL('**/menu/reporteador');

      // The source, described, and three columns; Planta moves above Puesto by keyboard.
      await choose(page, 'Fuente', /^Empleados/);
      await page.getByTestId('builder-source-description').getByText('Una fila por empleado').waitFor();
      for (const name of ['Nombre', 'Puesto', 'Planta']) await page.getByRole('checkbox', { name, exact: true }).check();
      await page.getByRole('button', { name: 'Subir Planta' }).focus();
      await page.keyboard.press('Enter');
      const order = page.getByTestId('builder-column-order').getByRole('listitem');
      await eventually(async () => JSON.stringify(await order.allTextContents()).includes('Planta') && (await order.nth(1).textContent()).includes('Planta'), 'Planta is second');
      assert.deepEqual((await order.allTextContents()).map((s) => s.replace(/^\d+\./, '').replace(/(Subir|Bajar).*$/, '').trim()), ['Nombre', 'Planta', 'Puesto']);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Subir Planta', 'the focus stays on the moved column');

      // A filter, a grouping and a total; the preview follows (debounced) with the whole layout.
      const preview = nextAnswer(page, '/api/pri/reportes/ejecutar', (b) => JSON.stringify(b.definicion) === JSON.stringify(DEFINITION));
      await page.getByRole('button', { name: 'Agregar filtro' }).click();
      await choose(page, 'Columna', 'Activo');
      assert.equal(await page.getByRole('combobox', { name: 'Condición' }).inputValue(), 'Es igual a');
      await choose(page, 'Valor', 'Sí');
      await choose(page, 'Agrupar por', 'Supervisor');
      await page.getByRole('button', { name: 'Agregar total' }).click();
      await choose(page, 'Columna del total 1', 'Temas requeridos');
      await choose(page, 'Cálculo del total 1', 'Suma');
      const { status, body, json: first } = await preview;
      assert.equal(status, 200, 'the preview answers');
      assert.deepEqual(body, { definicion: DEFINITION, page: 1, cantPP: 20 });
      const table = page.getByRole('table', { name: 'Vista previa del reporte' });
      await expectResult(table, first, 'the preview');
      assert.deepEqual(await table.locator('thead th').allTextContents(), first.columnas.map((c) => c.titulo));
      const token = await sessionToken(page);
      const whole = await apiCall(url, 'POST', '/api/pri/reportes/ejecutar', { token, body: { definicion: DEFINITION, page: 1, cantPP: 100 } });
      assert.ok(whole.pages.cantidad_registros <= 100, 'every supervisor on one page of 100');
      assert.equal(whole.pages.cantidad_registros, first.pages.cantidad_registros);
      await page.getByTestId('report-count').getByText(`${number(first.pages.cantidad_registros)} registros`).waitFor();
      const [grand] = first.totales;
      assert.equal(grand.titulo, 'Suma de Temas requeridos');
      await page.getByTestId('report-totals').getByText(grand.titulo).waitFor();
      assert.equal((await page.getByTestId('report-total').textContent()).trim(), decimal(grand.valor));
      t.diagnostic(`preview: ${first.pages.cantidad_registros} supervisors, ${grand.titulo} ${grand.valor}`);
      await checkWidths(page, report, 'builder', () => table.waitFor());

      // Guardar: name and the Supervisor profile.
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Guardar reporte' });
      await dialog.getByRole('textbox', { name: 'Nombre' }).fill(REPORT_NAME);
      await dialog.getByRole('textbox', { name: 'Descripción' }).fill('Cuántas personas activas tiene cada supervisor y sus temas requeridos.');
      await dialog.getByRole('checkbox', { name: 'Supervisor', exact: true }).check();
      await checkWidths(page, report, 'save-dialog', () => dialog.getByRole('checkbox', { name: 'Supervisor', exact: true }).waitFor());
      const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/pri/reportes/guardados');
      await dialog.getByRole('button', { name: 'Guardar', exact: true }).click();
      const savedAnswer = await saved;
      assert.equal(savedAnswer.status(), 200);
      assert.deepEqual(JSON.parse(savedAnswer.request().postData()), {
        nombre: REPORT_NAME,
        descripcion: 'Cuántas personas activas tiene cada supervisor y sus temas requeridos.',
        definicion: DEFINITION,
        perfiles: [SUPERVISOR_PROFILE],
      });
      analyst.id = (await savedAnswer.json()).id_reporte;
      await page.waitForURL(`**/menu/reporteador?id=${analyst.id}`);
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('builder-editing').getByText(REPORT_NAME).waitFor();
      const stored = await apiCall(url, 'GET', `/api/pri/reportes/guardados/${analyst.id}`, { token });
      assert.deepEqual(stored.perfiles, [SUPERVISOR_PROFILE]);
      assert.equal(stored.definicion.agrupar[0], 'supervisor');

      // Exportar → Excel: up to 10,000 rows the file comes at once; its sheet holds the preview's rows.
      const exported = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/pri/reportes/exportar');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exportar', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
      const exportAnswer = await exported;
      assert.equal(exportAnswer.status(), 200);
      assert.deepEqual(JSON.parse(exportAnswer.request().postData()), { definicion: DEFINITION, formato: 'xlsx' });
      const file = await download;
      const bytes = await readFile(await file.path());
      assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'an xlsx file (a zip)');
      assert.match(file.suggestedFilename(), /\.xlsx$/);
      const [sheet] = await readXlsxFile(bytes);
      assert.deepEqual(sheet.data[0], first.columnas.map((c) => c.titulo), 'the header row');
      const sheetRows = sheet.data.slice(1).map((r) => r.map((c) => (c === null || c === undefined ? null : c)));
      for (const fila of whole.filas) {
        assert.ok(
          sheetRows.some((r) => r[0] === fila[0] && Number(r[1]) === fila[1] && Number(r[2] ?? 0) === Number(fila[2] ?? 0)),
          `the sheet has the row ${JSON.stringify(fila)}`,
        );
      }
      assert.ok(sheetRows.length >= whole.filas.length, `${sheetRows.length} rows in the sheet`);
      t.diagnostic(`${file.suggestedFilename()}: ${bytes.length} bytes, ${sheetRows.length} rows`);
      analyst.result = whole;

      // Reportes guardados: the layout is there; its weekly delivery goes to the Supervisor.
      await menu(page).getByRole('link', { name: 'Reportes guardados', exact: true }).click();
      await page.waitForURL('**/menu/reportes_guardados');
      const item = page.getByTestId('saved-report').filter({ has: page.getByRole('heading', { name: REPORT_NAME }) });
      await item.getByText('Compartido con: Supervisor').waitFor();
      await checkWidths(page, report, 'saved-analista', () => item.waitFor());
      await item.getByRole('button', { name: `Más acciones de ${REPORT_NAME}` }).click();
      await page.getByRole('menuitem', { name: 'Programar envío' }).click();
      const schedule = page.getByRole('dialog', { name: `Programar envío de «${REPORT_NAME}»` });
      await schedule.getByRole('radio', { name: 'Semanal' }).waitFor();
      await schedule.getByRole('button', { name: 'Guardar', exact: true }).click();
      await schedule.getByText('Agrega al menos un destinatario').waitFor();
      await choose(page, 'Día de la semana', 'Lunes', { within: schedule });
      const search = schedule.getByRole('combobox', { name: 'Destinatarios' });
      await search.fill('Salinas');
      const option = page.getByRole('option', { name: new RegExp(`^${SUPERVISOR_NAME}`) });
      await option.waitFor();
      // By keyboard: down to the person, Enter.
      for (let i = 0; i < 10 && (await option.getAttribute('data-combobox-selected')) === null; i += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await schedule.getByTestId('schedule-recipients').getByText(SUPERVISOR_NAME).waitFor();
      await checkWidths(page, report, 'schedule-dialog', () => schedule.getByTestId('schedule-recipients').waitFor());
      const scheduled = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/pri/reportes/guardados/${analyst.id}/programacion`);
      await schedule.getByRole('button', { name: 'Guardar', exact: true }).click();
      const scheduleAnswer = await scheduled;
      assert.equal(scheduleAnswer.status(), 200);
      const sent = JSON.parse(scheduleAnswer.request().postData());
      assert.deepEqual({ ...sent, destinatarios: sent.destinatarios.length }, { frecuencia: 'semanal', dia: 1, formato: 'xlsx', destinatarios: 1 });
      await schedule.waitFor({ state: 'detached' });
      const programacion = (await apiCall(url, 'GET', `/api/pri/reportes/guardados/${analyst.id}`, { token })).programacion;
      assert.equal(programacion.destinatarios[0].nombre_empleado, SUPERVISOR_NAME);
      await item.getByTestId('saved-report-schedule').getByText(/^Cada lunes · Excel \(\.xlsx\) · 1 destinatario · próximo envío \d{2}\/\d{2}\/\d{4}$/).waitFor();
      t.diagnostic(`scheduled: every Monday to ${SUPERVISOR_NAME}, next ${programacion.proximo_envio}`);

      // Ejecutar: the same rows as the preview.
      const run = nextAnswer(page, `/api/pri/reportes/guardados/${analyst.id}/ejecutar`);
      await item.getByRole('button', { name: `Ejecutar ${REPORT_NAME}` }).click();
      const ran = await run;
      assert.deepEqual(ran.json.filas, first.filas);
      await expectResult(page.getByRole('table', { name: `Resultado de ${REPORT_NAME}` }), ran.json, 'the run');
      await checkWidths(page, report, 'run-analista', () => page.getByRole('table', { name: `Resultado de ${REPORT_NAME}` }).waitFor());
    });
  });

  test('the Supervisor runs the shared layout and sees only their team', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    assert.ok(analyst.id && analyst.result, 'the Analista saved the layout');
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.supervisor, 'report-builder', 'supervisor', async (page) => {
      const entries = await reportEntries(page);
      assert.ok(entries.includes('Reportes guardados'), `the Reportes entries: ${entries.join(', ')}`);
      assert.ok(!entries.includes('Reporteador'), 'no Reporteador for a Supervisor');
      await menu(page).getByRole('link', { name: 'Reportes guardados', exact: true }).click();
      await page.waitForURL('**/menu/reportes_guardados');
      const item = page.getByTestId('saved-report').filter({ has: page.getByRole('heading', { name: REPORT_NAME }) });
      await item.waitFor();
      await item.getByText('Creado por Carlos Ruiz Treviño').waitFor();
      // Only running and exporting: nothing to edit, schedule or delete.
      assert.equal(await item.getByRole('button', { name: `Más acciones de ${REPORT_NAME}` }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Nuevo reporte' }).count(), 0);
      await checkWidths(page, report, 'saved-supervisor', () => item.waitFor());

      const run = nextAnswer(page, `/api/pri/reportes/guardados/${analyst.id}/ejecutar`);
      await item.getByRole('button', { name: `Ejecutar ${REPORT_NAME}` }).click();
      const { status, json: mine } = await run;
      assert.equal(status, 200);
      const table = page.getByRole('table', { name: `Resultado de ${REPORT_NAME}` });
      await expectResult(table, mine, 'the Supervisor’s run');

      // Only their team: fewer people, in groups the Analista has too, never more in one.
      const people = (r) => r.filas.reduce((sum, f) => sum + f[1], 0);
      const theirs = new Map(analyst.result.filas.map((f) => [f[0], f[1]]));
      assert.ok(mine.filas.length > 0, 'the Supervisor sees their team');
      assert.ok(people(mine) < people(analyst.result), `fewer people (${people(mine)} < ${people(analyst.result)})`);
      assert.ok(mine.pages.cantidad_registros < analyst.result.pages.cantidad_registros, 'fewer supervisors');
      for (const [supervisor, count] of mine.filas) {
        assert.ok(theirs.has(supervisor), `${supervisor} is among the Analista's groups`);
        assert.ok(count <= theirs.get(supervisor), `${supervisor}: ${count} ≤ ${theirs.get(supervisor)}`);
      }
      assert.ok(mine.filas.some((f) => f[0] === SUPERVISOR_NAME), `their own team (${SUPERVISOR_NAME}) is there`);
      const token = await sessionToken(page);
      const inScope = await apiCall(url, 'POST', '/api/pri/reportes/guardados/' + analyst.id + '/ejecutar', { token, body: { page: 1, cantPP: 100 } });
      assert.deepEqual(inScope.filas, mine.filas);
      t.diagnostic(`Supervisor: ${people(mine)} people under ${mine.filas.map((f) => f[0]).join(', ')}; Analista: ${people(analyst.result)} under ${analyst.result.filas.length} supervisors`);
      await checkWidths(page, report, 'run-supervisor', () => table.waitFor());

      // The export menu is theirs too.
      await page.getByRole('button', { name: 'Exportar', exact: true }).click();
      await page.getByRole('menuitem', { name: 'CSV (.csv)' }).waitFor();
      await report.check(page, 'run-supervisor export menu @1366');
      await page.keyboard.press('Escape');

      // The builder is not theirs, not even by address.
      await page.goto(`${url}/menu/reporteador`);
      await page.getByText('Sin acceso', { exact: true }).waitFor();
      await settle(page);
    });
    t.diagnostic(report.summary());
    report.assertClean();
  });
});
