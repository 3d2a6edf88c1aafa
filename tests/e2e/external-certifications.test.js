// External certifications end to end, in the browser. The supplier (Contratista of Montajes y
// Mantenimiento del Norte) opens 'Certificaciones externas' (/menu/certificaciones_externas)
// and, with the 'Cargar certificaciones' wizard, records one worker's certification with its
// DC-3 (Empleados: CURP, topic, date, the validity worked out, the PDF, the confirmation) and a
// spreadsheet of three rows (Masivo: the server's template read back, a file written here with
// two good rows and one unknown CURP, which the log names by its spreadsheet row). The Analista
// authorises the individual one (it has a DC-3) and rejects a bulk one with a reason; the
// worker's plan then shows the topic as Acreditado and Mis constancias lists the external
// certification. The new screens (the log, the wizard's steps, the confirmation, the DC-4 list
// and Mis constancias) are checked with axe at 1366 and 390 px.
//
// One session per user: a browser sign-in ends that user's other sessions, so the workers and
// their pending topics are looked up before anyone signs in, with the Administrador's token.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { apiCall, fetchUser, sessionToken } from './support/api.js';
import { AxeReport, WIDTHS } from './support/axe.js';
import { DEMO_USERS, eventually, launchBrowser, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';
import { apiToken, asUser, planTopics, todayIn } from './support/scenario.js';

const SCENARIO_TIMEOUT = 240_000;
const SCREEN = '/menu/certificaciones_externas';
const ZONE = 'America/Mexico_City';
/** The table's name (spec §4). */
const LOG_TABLE = 'Registros de alta de empleados';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A small, valid PDF (the server checks the content, not the name). */
function pdfFile(name) {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** `YYYY-MM-DD` some days before a day. */
function daysBefore(day, days) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` → `dd/MM/yyyy`, how the Spanish UI prints a date (date-fns 'P', es). */
function shownDate(value) {
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
}

/** A date plus whole months, clamped to the month's last day (the server's rule). */
function plusMonths(fecha, meses) {
  if (meses === 0) return '9999-12-31';
  const [y, m, d] = fecha.split('-').map(Number);
  const months = y * 12 + (m - 1) + meses;
  const year = Math.floor(months / 12);
  const month = months % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}

/** Waits for an API answer (method and path) and checks its status; returns its JSON body. */
function apiAnswer(page, method, route) {
  const answer = page.waitForResponse((r) => r.request().method() === method && route.test(new URL(r.url()).pathname), { timeout: 60_000 });
  answer.catch(() => undefined);
  return answer;
}
async function expectJson(answer, status = 200) {
  const response = await answer;
  const text = await response.text();
  assert.equal(response.status(), status, `${response.request().method()} ${response.url()} → ${response.status()}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** The log's table and one worker's row in it. */
const logTable = (page) => page.getByRole('table', { name: LOG_TABLE });
const logRow = (page, name, topic, fecha) =>
  logTable(page)
    .locator('tbody tr')
    .filter({ hasText: name })
    .filter({ hasText: topic })
    .filter({ hasText: shownDate(fecha) });

/** The wizard's dialog. */
const wizard = (page) => page.getByRole('dialog', { name: 'Cargar certificaciones' });

describe('external certifications: the supplier records them, the analyst reviews them, the plan shows them', () => {
  let server;
  let browser;
  const report = new AxeReport();
  /** Who and what the scenario records, looked up before anyone signs in. */
  const data = {};

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const url = server.url;
    const admin = await apiToken(url, DEMO_USERS.administrador);
    // The supplier's company (N4) and its workers, each with the topics still pending in their plan.
    const supplier = await fetchUser(url, DEMO_USERS.contratista);
    const record = await apiCall(url, 'GET', `/api/pri/catalogos/empleados/${supplier.cve_empleado}`, { token: admin });
    const staff = await apiCall(url, 'POST', '/api/pri/catalogos/empleados', {
      token: admin,
      body: { page: 1, cantPP: 100, order: 'cve_empleado', ordertype: 'asc', filtersEXT: {}, columns_with_selects: [{ column: 'n4', nomfield: 'n4', input: String(record.n4) }] },
    });
    // Plain workers (not the demo's named logins), each with their pending topics.
    const logins = new Set(Object.values(DEMO_USERS));
    const workers = [];
    for (const w of staff.result.filter((r) => r.cve_empleado !== supplier.cve_empleado && r.curp && r.correo_empleado && !logins.has(r.correo_empleado))) {
      const pending = await planTopics(url, admin, w.cve_empleado, 'pendientes');
      if (pending.length > 0) workers.push({ ...w, pending });
    }
    assert.ok(workers.length >= 3, `three workers of ${record.n4_nombre} with pending topics: ${JSON.stringify(workers.map((w) => w.nombre_empleado))}`);
    /** A plan topic with the catalogue's name and certification months (the topic search's). */
    const topicOf = async (planned) => {
      const { list } = await apiCall(url, 'POST', '/api/pri/catalogos/temas/getTemaNombre', { token: admin, body: { nombre_tema: planned.abreviatura } });
      const found = list.find((x) => x.cve_tema === planned.cve_tema);
      assert.ok(found, `the topic search finds ${planned.abreviatura}: ${JSON.stringify(list)}`);
      return found;
    };
    data.company = record.n4_nombre;
    data.today = todayIn(ZONE);
    data.fecha = daysBefore(data.today, 40);
    // The individual one: a topic with certification months, to see the validity worked out.
    const [one, two, three] = workers;
    data.individual = { worker: one, topic: await topicOf(one.pending.find((x) => x.abreviatura.startsWith('NOM')) ?? one.pending[0]) };
    const other = three.pending.find((x) => x.cve_tema !== two.pending[0].cve_tema) ?? three.pending[0];
    data.bulk = [
      { worker: two, topic: await topicOf(two.pending[0]) },
      { worker: three, topic: await topicOf(other) },
    ];
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('the supplier records one worker with the wizard and three rows from a spreadsheet', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    const { worker, topic } = data.individual;
    await asUser(browser, url, DEMO_USERS.contratista, 'external-certifications', 'supplier', async (page) => {
      await page.goto(`${url}${SCREEN}`);
      await page.getByRole('heading', { name: LOG_TABLE }).waitFor();
      // The demo's own records (authorised, sent, rejected) are there already.
      await logTable(page).locator('tbody tr').first().waitFor();
      await report.check(page, `${SCREEN} (supplier) @1366`);

      // --- Empleados --------------------------------------------------------------------------
      await page.getByRole('button', { name: 'Cargar certificaciones' }).click();
      const w = wizard(page);
      await w.waitFor();
      const next = w.getByRole('button', { name: 'Siguiente' });
      assert.equal(await next.isDisabled(), true, 'Siguiente waits for a type');
      await report.check(page, 'wizard: type @1366');
      await w.getByRole('radio', { name: 'Empleados' }).check();
      await next.click();

      const curp = w.getByRole('textbox', { name: /CURP del trabajador/ });
      await curp.fill(worker.curp.toLowerCase());
      await curp.press('Enter');
      await w.getByTestId('employee-found').getByText(worker.nombre_empleado, { exact: true }).waitFor();

      const abbreviation = topic.abreviatura;
      const topicInput = w.getByRole('combobox', { name: /^Tema/ });
      await topicInput.fill(abbreviation);
      const option = page.getByRole('option', { name: new RegExp(`^${abbreviation.replace(/[-]/g, '\\-')} · `) });
      await option.first().click();
      await w.getByLabel('Fecha de acreditación').fill(data.fecha);
      const vigencia = plusMonths(data.fecha, topic.meses_certificacion);
      const shownValidity = vigencia === '9999-12-31' ? 'Sin vencimiento' : shownDate(vigencia);
      await eventually(async () => (await w.getByRole('textbox', { name: /Fecha de vigencia/ }).inputValue()) === shownValidity, `the validity reads ${shownValidity}`);
      const process = w.getByRole('button', { name: 'Procesar' });
      assert.equal(await process.isDisabled(), true, 'Procesar waits for the DC-3');
      await w.getByLabel(/^Constancia DC-3 \(PDF\)/).setInputFiles(pdfFile('dc3-individual.pdf'));
      await report.check(page, 'wizard: Empleados, complete @1366');
      await process.click();

      const confirm = page.getByRole('dialog', { name: 'Confirmar certificación' });
      await confirm.waitFor();
      await confirm.getByText(worker.curp, { exact: true }).waitFor();
      const confirmButton = confirm.getByRole('button', { name: 'Confirmar' });
      assert.equal(await confirmButton.isDisabled(), true, 'Confirmar waits for the checkbox');
      await report.check(page, 'wizard: confirmation @1366');
      await confirm.getByRole('checkbox', { name: 'Confirmo que la información es correcta' }).check();
      const uploaded = apiAnswer(page, 'POST', /\/api\/pri\/proveedor\/dc3$/);
      const created = apiAnswer(page, 'POST', /\/api\/pri\/proveedor\/alta$/);
      await confirmButton.click();
      const { url: key } = await expectJson(uploaded);
      assert.match(key, /^certificaciones\/dc3\/.+\.pdf$/);
      const result = await expectJson(created);
      assert.equal(result.cargados, 1, `the certification was stored: ${JSON.stringify(result)}`);
      await page.getByText('La certificación quedó enviada a revisión').waitFor();
      await w.waitFor({ state: 'hidden' });
      const row = logRow(page, worker.nombre_empleado, topic.nombre_tema, data.fecha);
      await row.getByText('Enviado', { exact: true }).waitFor();
      await row.getByRole('button', { name: /^Consultar/ }).waitFor();
      t.diagnostic(`individual: ${worker.nombre_empleado} · ${topic.abreviatura} ${data.fecha} → ${vigencia}`);

      // --- Masivo -----------------------------------------------------------------------------
      await page.getByRole('button', { name: 'Cargar certificaciones' }).click();
      await w.getByRole('radio', { name: 'Masivo' }).check();
      await w.getByRole('button', { name: 'Siguiente' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), w.getByRole('button', { name: 'Descargar plantilla' }).click()]);
      const template = Buffer.concat(await download.createReadStream().then((s) => s.toArray()));
      const sheets = await readXlsxFile(template);
      const headers = sheets[0].data[0].map(String);
      assert.deepEqual(headers, ['CUIL_CUIT_CURP', 'Fecha_Realizacion', 'Fecha_Vigencia', 'ID_TEMA', 'link_dc3'], `the template's columns: ${headers}`);
      await report.check(page, 'wizard: Masivo template @1366');
      await w.getByRole('button', { name: 'Siguiente' }).click();

      const cells = (curpValue, tema) => [
        { value: curpValue, type: String },
        { value: data.fecha, type: String },
        null,
        { value: tema, type: Number },
        null,
      ];
      const sheet = [
        headers.map((h) => ({ value: h, fontWeight: 'bold' })),
        cells(data.bulk[0].worker.curp, data.bulk[0].topic.cve_tema),
        cells(data.bulk[1].worker.curp, data.bulk[1].topic.cve_tema),
        cells('XAXX010101HDFXXX00', data.bulk[0].topic.cve_tema),
      ];
      await w.getByLabel(/Archivo de certificaciones/).setInputFiles({ name: 'certificaciones-e2e.xlsx', mimeType: XLSX, buffer: await writeXlsxFile(sheet).toBuffer() });
      const read = apiAnswer(page, 'POST', /\/api\/pri\/proveedor\/alta\/archivo$/);
      await w.getByRole('button', { name: 'Cargar archivo' }).click();
      const filas = await expectJson(read);
      assert.equal(filas.total, 3, `three rows read: ${JSON.stringify(filas)}`);
      await w.getByText('Cargas finalizadas', { exact: true }).waitFor({ timeout: 60_000 });
      await w.getByText('Se cargaron 2 certificaciones; 1 fila tuvo errores.').waitFor();
      // Row 4 of the sheet: the header, then the two good rows.
      assert.equal(await w.getByRole('textbox', { name: 'Errores por fila' }).inputValue(), 'Fila 4 · XAXX010101HDFXXX00: Empelado no encontrado');
      await w.getByRole('button', { name: 'Copiar errores' }).waitFor();
      await report.check(page, 'wizard: Masivo finished with errors @1366');
      await screenshot(page, 'external-certifications-bulk-1366');
      await w.getByRole('button', { name: 'Cerrar' }).click();
      await w.waitFor({ state: 'hidden' });
      for (const { worker: bw, topic: bt } of data.bulk) {
        const bulkRow = logRow(page, bw.nombre_empleado, bt.nombre_tema, data.fecha);
        await bulkRow.getByText('Enviado', { exact: true }).waitFor();
        // Loaded without a DC-3: it offers 'cargar'.
        await bulkRow.getByRole('button', { name: /^Cargar DC-3 de/ }).waitFor();
      }
      await report.check(page, `${SCREEN} (supplier, three records) @1366`);
      await screenshot(page, 'external-certifications-supplier-1366');

      // --- 390 px ----------------------------------------------------------------------------
      await page.setViewportSize(WIDTHS[1].viewport);
      await page.goto(`${url}${SCREEN}`);
      await logRow(page, worker.nombre_empleado, topic.nombre_tema, data.fecha).waitFor();
      await report.check(page, `${SCREEN} (supplier) @390`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 1, `the page does not scroll sideways at 390 px (${overflow} px)`);
      await screenshot(page, 'external-certifications-supplier-390');
      await page.getByRole('button', { name: 'Cargar certificaciones' }).click();
      await w.getByRole('radio', { name: 'Empleados' }).check();
      await w.getByRole('button', { name: 'Siguiente' }).click();
      await w.getByRole('textbox', { name: /CURP del trabajador/ }).waitFor();
      await report.check(page, 'wizard: Empleados @390');
      await screenshot(page, 'external-certifications-wizard-390');
    });
  });

  test('the analyst authorises the individual one and rejects a bulk one with a reason', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    const { worker, topic } = data.individual;
    const rejected = data.bulk[0];
    await asUser(browser, url, DEMO_USERS.analista, 'external-certifications', 'analyst', async (page) => {
      await page.goto(`${url}${SCREEN}`);
      const row = logRow(page, worker.nombre_empleado, topic.nombre_tema, data.fecha);
      await row.waitFor();
      // A record loaded without its DC-3 cannot be authorised, and says why.
      const noDc3 = logRow(page, rejected.worker.nombre_empleado, rejected.topic.nombre_tema, data.fecha);
      assert.equal(await noDc3.getByRole('button', { name: /^Autorizar/ }).isDisabled(), true);
      await noDc3.getByText('Sin DC-3: no se puede autorizar').waitFor();
      await report.check(page, `${SCREEN} (analyst) @1366`);

      // 'consultar' shows the record titled CERTIFICADO; 'Ver PDF' opens its DC-3 in a new tab.
      await row.getByRole('button', { name: /^Consultar/ }).click();
      const certificate = page.getByRole('dialog', { name: 'CERTIFICADO' });
      await certificate.getByText(worker.curp, { exact: true }).waitFor();
      await report.check(page, 'CERTIFICADO @1366');
      const pdf = page.context().waitForEvent('response', {
        predicate: (r) => /\/api\/pri\/proveedor\/log\/\d+\/dc3$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
        timeout: 60_000,
      });
      const tab = page.context().waitForEvent('page', { timeout: 60_000 });
      await certificate.getByRole('button', { name: 'Ver PDF' }).click();
      const [opened, response] = await Promise.all([tab, pdf]);
      assert.equal(response.status(), 200, `the DC-3 answer: ${response.status()}`);
      assert.match(response.headers()['content-type'] ?? '', /^application\/pdf\b/);
      await opened.close().catch(() => undefined);
      await page.bringToFront();
      await certificate.getByRole('button', { name: 'Cerrar' }).first().click();
      await certificate.waitFor({ state: 'hidden' });

      // Autorizar, after its confirmation.
      await row.getByRole('button', { name: `Autorizar la certificación de ${worker.nombre_empleado}: ${topic.nombre_tema}` }).click();
      const authorize = page.getByRole('dialog', { name: 'Autorizar certificación' });
      await authorize.waitFor();
      await report.check(page, 'authorise @1366');
      const authorised = apiAnswer(page, 'PUT', /\/api\/pri\/proveedor\/log\/\d+\/autorizar$/);
      await authorize.getByRole('button', { name: 'Autorizar' }).click();
      const { id_acreditacion } = await expectJson(authorised);
      assert.ok(id_acreditacion > 0, 'an accreditation was written');
      await page.getByText('Certificación autorizada: el tema quedó acreditado').waitFor();
      await row.getByText('Autorizado', { exact: true }).waitFor();
      assert.equal(await row.getByRole('button', { name: /^Cambiar/ }).count(), 0, 'an authorised record cannot change');

      // Rechazar, with its reason.
      const reason = 'La constancia DC-3 no venía adjunta; cárgala y se revisará de nuevo.';
      await noDc3.getByRole('button', { name: /^Rechazar/ }).click();
      const reject = page.getByRole('dialog', { name: 'Rechazar certificación' });
      await reject.getByRole('textbox', { name: /Motivo del rechazo/ }).fill(reason);
      await report.check(page, 'reject @1366');
      const rejectedAnswer = apiAnswer(page, 'PUT', /\/api\/pri\/proveedor\/log\/\d+\/rechazar$/);
      await reject.getByRole('button', { name: 'Rechazar' }).click();
      await expectJson(rejectedAnswer);
      await page.getByText('Certificación rechazada', { exact: true }).waitFor();
      await noDc3.getByText('Rechazado', { exact: true }).waitFor();
      await noDc3.getByText(`Motivo: ${reason}`).waitFor();
      await report.check(page, `${SCREEN} (analyst, reviewed) @1366`);
      await screenshot(page, 'external-certifications-analyst-1366');

      // The state filter.
      // (A segmented control: its radios are hidden behind their labels.)
      const filter = async (name) => {
        const id = await page.getByRole('radio', { name }).getAttribute('id');
        await page.locator(`label[for="${id}"]`).click();
      };
      await filter('Rechazado');
      const rows = logTable(page).locator('tbody tr');
      await eventually(
        async () => (await noDc3.count()) === 1 && (await rows.count()) === (await rows.filter({ hasText: 'Rechazado' }).count()),
        'only rejected records, this one among them',
      );
      assert.equal(await rows.filter({ hasText: 'Autorizado' }).count(), 0);
      await filter('Todos');
      await row.waitFor();

      await page.setViewportSize(WIDTHS[1].viewport);
      await page.goto(`${url}${SCREEN}`);
      await row.waitFor();
      await report.check(page, `${SCREEN} (analyst) @390`);
      await screenshot(page, 'external-certifications-analyst-390');

      // The DC-4 list, a new screen of the same issue.
      const token = await sessionToken(page);
      const companies = await apiCall(url, 'GET', '/api/pri/catalogos/datos_stps/empresas', { token });
      const main = companies.find((c) => c.num_trabajadores > 50) ?? companies[0];
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        await page.goto(`${url}/menu/plantilla_DC4?empresa=${main.cve_n4}`);
        const section = page.getByRole('region', { name: new RegExp(`^DC-4 de ${main.nombre.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `) });
        await section.waitFor();
        await report.check(page, `/menu/plantilla_DC4 @${width.name}`);
        await screenshot(page, `external-certifications-dc4-${width.name}`);
      }
      t.diagnostic(`authorised accreditation ${id_acreditacion}; rejected ${rejected.worker.nombre_empleado} · ${rejected.topic.abreviatura}`);
    });
  });

  test("the worker's plan shows the topic as Acreditado, and Mis constancias lists it", { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    const { worker, topic } = data.individual;
    await asUser(browser, url, worker.correo_empleado, 'external-certifications', 'worker', async (page) => {
      await page.goto(`${url}/menu/consultar_plan_capacitacion?location=completados`);
      const card = page.getByRole('article', { name: topic.nombre_tema, exact: true });
      await card.waitFor();
      await card.getByText('Acreditado', { exact: true }).waitFor();
      await card.getByText(`Acreditado el ${shownDate(data.fecha)}`, { exact: true }).waitFor();
      await screenshot(page, 'external-certifications-plan');

      const token = await sessionToken(page);
      const completed = await planTopics(url, token, worker.cve_empleado, 'completados');
      const held = completed.find((x) => x.cve_tema === topic.cve_tema);
      assert.equal(held?.estado, 'Acreditado', `the topic is accredited in the plan: ${JSON.stringify(completed.map((x) => [x.abreviatura, x.estado]))}`);

      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        await page.goto(`${url}/menu/mis_constancias`);
        const section = page.getByRole('region', { name: 'Certificaciones externas' });
        const item = section.getByRole('article', { name: topic.nombre_tema });
        await item.waitFor();
        await item.getByRole('button', { name: `Ver DC-3 de ${topic.nombre_tema} (se abre en una pestaña nueva)` }).waitFor();
        await report.check(page, `/menu/mis_constancias @${width.name}`);
        await screenshot(page, `external-certifications-mis-constancias-${width.name}`);
      }
      t.diagnostic(`${worker.nombre_empleado}: ${topic.abreviatura} Acreditado`);
    });
    t.diagnostic(report.summary());
    report.assertClean();
  });
});
