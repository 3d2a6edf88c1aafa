// Training plans end to end (issue 11): the Analista creates a formation-plan requirement for
// a position with the 4-step wizard; the Participante in that position sees it pending in
// "Mi plan"; a `historial` bulk upload for them makes it completed with the validity the
// topic's meses_certificacion gives; and population control shows the plant's compliance
// percent move.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { apiCall, fetchUser, sessionToken } from './support/api.js';
import { AxeReport } from './support/axe.js';
import {
  ARTIFACTS_DIR,
  DEMO_USERS,
  TEST_TIMEOUT,
  chooseOption,
  eventually,
  launchBrowser,
  login,
  newContext,
  screenshot,
  settled,
} from './support/browser.js';
import { pngFile } from './support/files.js';
import { startServer } from './support/server.js';
import { apiToken } from './support/scenario.js';

/** The bulk upload job runs in the background: generous on a slow machine. */
const JOB_TIMEOUT = 45_000;
/** Months the test topic's accreditation lasts (validity = date + 18 months). */
const MESES_CERTIFICACION = 18;
const GRADE = 92;

function menu(page) {
  return page.getByRole('navigation', { name: 'Menú principal' });
}

/** Opens a screen from the side menu (the Plan de capacitación / Catálogos entries). */
async function openFromMenu(page, entry, route) {
  await menu(page).getByRole('link', { name: entry, exact: true }).click();
  await page.waitForURL(`**/menu/${route}**`);
}

/** The screen's action bar (Actualizar, Nuevo…, Exportar a Excel, Imprimir). */
function toolbar(page) {
  return page.getByRole('toolbar', { name: 'Acciones' });
}

/** The next answer of `method` to an API path matching `route` (a RegExp on the pathname). */
function apiResponse(page, method, route) {
  const answer = page.waitForResponse(
    (response) => response.request().method() === method && route.test(new URL(response.url()).pathname),
  );
  // Awaited later: a step failing before then reports its own error, not this timeout.
  answer.catch(() => undefined);
  return answer;
}

/** Waits for an API answer and checks its status; returns its JSON body. */
async function expectJson(responsePromise, status = 200) {
  const response = await responsePromise;
  const text = await response.text();
  assert.equal(response.status(), status, `${response.request().method()} ${response.url()} → ${response.status()}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A server table as `{ busy, rows }`, rows keyed by header text; skeleton rows left out. */
function readTable(table) {
  return table.evaluate((el) => {
    const headers = [...el.querySelectorAll('thead tr:first-child th')].map((th) => th.textContent.trim());
    const rows = [...el.querySelectorAll('tbody tr')]
      .filter((tr) => !tr.matches('[data-testid="table-skeleton"]') && tr.cells.length === headers.length)
      .map((tr) => Object.fromEntries([...tr.cells].map((td, i) => [headers[i], td.textContent.trim()])));
    return { busy: el.getAttribute('aria-busy') === 'true', rows };
  });
}

/** Polls a table until it is idle and `accept(rows)` holds; returns the rows. */
async function rowsWhere(table, accept, message, options) {
  return eventually(
    async () => {
      const { busy, rows } = await readTable(table);
      return !busy && accept(rows) ? rows : undefined;
    },
    message,
    options,
  );
}

/** A fresh active topic (multipart 'crear_tema' with its required image); returns its key. */
async function createTopic(baseUrl, token, datos) {
  const form = new FormData();
  form.append('datos', JSON.stringify(datos));
  const image = pngFile('tema.png');
  form.append('imagen', new Blob([image.buffer], { type: image.mimeType }), image.name);
  const res = await fetch(`${baseUrl}/api/pri/catalogos/temas/crear_tema`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Accept-Language': 'es' },
    body: form,
  });
  const text = await res.text();
  assert.equal(res.status, 200, `crear_tema → ${res.status}: ${text}`);
  return JSON.parse(text).cve_tema;
}

/** `YYYY-MM-DD` of a UTC date. */
const iso = (d) => d.toISOString().slice(0, 10);

/**
 * The ledger's validity rule (server/src/plans/rules.rs): date + months, clamped to the last
 * day of the target month (chrono's checked_add_months); 0 months → 9999-12-31.
 */
function validityOf(fecha, meses) {
  if (meses === 0) return '9999-12-31';
  const [y, m, d] = fecha.split('-').map(Number);
  const months = y * 12 + (m - 1) + meses;
  const year = Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(year, month, Math.min(d, lastDay))));
}

/**
 * The latest 31st before yesterday (UTC: never "in the future" for the server) whose month
 * `meses` later has fewer days; there is one within the last 12 months.
 */
function monthEndDate(meses) {
  const limit = iso(new Date(Date.now() - 86_400_000));
  const now = new Date();
  for (let back = 0; back < 24; back++) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    const candidate = iso(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 31)));
    if (days === 31 && candidate <= limit && !validityOf(candidate, meses).endsWith('-31')) return candidate;
  }
  throw new Error(`no month-end date with a shorter month ${meses} months later`);
}

/** `YYYY-MM-DD` → `dd/MM/yyyy`, how the Spanish UI prints a date (date-fns 'P', es). */
function shownDate(value) {
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
}

/** A percent as the population table prints it (es-MX, at most one decimal). */
function shownPercent(value) {
  return `${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(value)} %`;
}

/** The server's compliance: part / total × 100 rounded to one decimal. */
function percentOf(part, total) {
  return Math.round((part * 1000) / total) / 10;
}

/** The plan header's counts (Pendientes: n, Completados: n) once they are loaded. */
async function planCounts(page) {
  return eventually(async () => {
    const pending = /^Pendientes: (\d+)$/.exec((await page.getByText(/^Pendientes: /).textContent()) ?? '');
    const completed = /^Completados: (\d+)$/.exec((await page.getByText(/^Completados: /).textContent()) ?? '');
    return pending && completed ? { pendientes: Number(pending[1]), completados: Number(completed[1]) } : undefined;
  }, 'the plan header counts');
}

describe('training plans: requirement wizard → my plan → historial upload → population control', () => {
  let server;
  let browser;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('a position requirement is pending, then completed by an upload, and moves the plant compliance', { timeout: TEST_TIMEOUT }, async (t) => {
    // --- Data the scenario needs, through the API -------------------------------------------
    // The Participante and their position and plant.
    const participant = await fetchUser(server.url, DEMO_USERS.participante);
    const admin = await apiToken(server.url, DEMO_USERS.administrador);
    const employee = await apiCall(server.url, 'GET', `/api/pri/catalogos/empleados/${participant.cve_empleado}`, { token: admin });
    assert.ok(employee.cve_puesto && employee.puesto, `the participant has a position: ${JSON.stringify(employee)}`);
    assert.ok(employee.cve_planta && employee.planta, `the participant has a plant: ${JSON.stringify(employee)}`);
    t.diagnostic(`participant ${participant.num_empleado}: puesto ${employee.cve_puesto} ${employee.puesto}, planta ${employee.planta}`);

    // A topic nobody holds and no requirement gives: a new one, 18 months of validity, 0-100 scale.
    const abreviatura = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const nombre = `Plan e2e ${abreviatura}`;
    const [area] = await apiCall(server.url, 'GET', '/api/pri/catalogos/areas_tematicas', { token: admin });
    const cveTema = await createTopic(server.url, admin, {
      abreviatura,
      nombre_tema: nombre,
      cve_area: area.cve_area,
      tipo: 'Curso',
      modalidad: 'PRESENCIAL',
      meses_certificacion: MESES_CERTIFICACION,
      modelo_evaluacion: 'conocimiento',
    });
    const topicLabel = `${abreviatura} · ${nombre}`;

    // The accreditation the upload brings: a past month-end whose date + 18 months falls in a
    // shorter month, so the validity shows the clamping rule (e.g. 31/08 → 29/02 or 28/02).
    const fecha = monthEndDate(MESES_CERTIFICACION);
    const vigencia = validityOf(fecha, MESES_CERTIFICACION);
    t.diagnostic(`topic ${cveTema} ${abreviatura}; accredited ${fecha} → valid until ${vigencia}`);

    const analyst = await newContext(browser);
    const participantContext = await newContext(browser);
    const a = await analyst.newPage();
    const p = await participantContext.newPage();
    /** axe (WCAG 2.1 A/AA, critical and serious) on the screen states the scenario passes through. */
    const axe = new AxeReport();
    /** Runs one part of the scenario; on failure keeps artifacts/plans-<name>-failure.png of its page. */
    const part = async (page, name, body) => {
      rmSync(path.join(ARTIFACTS_DIR, `plans-${name}-failure.png`), { force: true });
      try {
        return await body();
      } catch (error) {
        await screenshot(page, `plans-${name}-failure`).catch(() => undefined);
        throw error;
      }
    };

    /**
     * The participant's plant in population control (grouped by plant), with its figures, once
     * `expected(figures)` holds (the table may first show what it had cached).
     */
    const readPlant = async (label, expected = () => true) => {
      await openFromMenu(a, 'Control de población', 'control_poblacion');
      await a.getByRole('radiogroup', { name: 'Agrupar por' }).getByText('Plantas', { exact: true }).click();
      const table = a.getByRole('table', { name: 'Control de población: Plantas' });
      // The figures of a screen opened again may first be the cached ones: ask for the
      // current ones as a user does.
      await table.waitFor();
      await a.getByRole('button', { name: 'Actualizar' }).click();
      const figuresOf = (row) => ({ requeridos: Number(row['Requeridos']), acreditados: Number(row['Acreditados']), shown: row['Cumplimiento'] });
      const rows = await rowsWhere(
        table,
        (all) => all.some((r) => r['Nombre'] === employee.planta && expected(figuresOf(r))),
        `${employee.planta} in population control by plant (${label})`,
      );
      const figures = figuresOf(rows.find((r) => r['Nombre'] === employee.planta));
      t.diagnostic(`${employee.planta} ${label}: ${JSON.stringify(figures)}`);
      assert.equal(figures.shown, shownPercent(percentOf(figures.acreditados, figures.requeridos)), `the percent shown (${label})`);
      return figures;
    };

    try {
      let initial;
      let withRequirement;
      let idRequerimiento;
      let reachedCount;
      let countsPending;
      await part(a, 'analyst', async () => {
        await login(a, server.url, { user: DEMO_USERS.analista });
        initial = await readPlant('before the requirement');
        await screenshot(a, 'plans-population-before');

        // --- The wizard: Plan de formación → Nuevo requerimiento --------------------------------
        await openFromMenu(a, 'Plan de formación', 'plan_formacion_consulta_requerimientos');
        await toolbar(a).getByRole('button', { name: 'Nuevo requerimiento' }).click();
        await a.waitForURL('**/plan_formacion_alta_requerimientos');
        const next = a.getByRole('button', { name: 'Siguiente', exact: true });

        // Step 1: nothing chosen yet → the spec's message and no way on.
        await a.getByText('El tipo de asignación debe ser puestos o empleados').waitFor();
        assert.equal(await next.isDisabled(), true, 'Siguiente waits for the assignment type');
        await a.getByRole('radio', { name: /^Por puestos/ }).check();
        await next.click();

        // Step 2: the position, found by name and picked by its key.
        const positions = a.getByRole('table', { name: 'Puestos' });
        await positions.waitFor();
        await a.getByText('Selecciona al menos un puesto').waitFor();
        await positions.getByRole('textbox', { name: 'Filtrar por Puesto' }).fill(employee.puesto);
        const shown = await rowsWhere(
          positions,
          (rows) => rows.length > 0 && rows.every((r) => r['Puesto'] === employee.puesto) && rows.some((r) => r['Clave'] === String(employee.cve_puesto)),
          `position ${employee.cve_puesto} ${employee.puesto} in the filtered table`,
        );
        const index = shown.findIndex((r) => r['Clave'] === String(employee.cve_puesto));
        const headcount = Number(shown[index]['Empleados']);
        await positions.locator('tbody tr').nth(index).getByRole('checkbox').check();
        await a.getByRole('status').filter({ hasText: '1 seleccionado' }).waitFor();
        await axe.check(a, 'wizard: puestos');
        await screenshot(a, 'plans-wizard-position');
        await next.click();

        // Step 3: the topic, searched by its abbreviation; mandatory by default.
        const temas = a.getByRole('combobox', { name: 'Temas' });
        await a.getByText('Selecciona al menos un tema').waitFor();
        await temas.click();
        await temas.fill(abreviatura);
        await a.getByRole('option', { name: topicLabel, exact: true }).click();
        // A multi-select stays open for more picks: close it; the message about no topic goes away.
        await temas.press('Escape');
        await a.getByText('Selecciona al menos un tema').waitFor({ state: 'detached' });
        assert.equal(await a.getByRole('switch', { name: 'Obligatorio' }).isChecked(), true, 'mandatory by default');
        const validated = apiResponse(a, 'POST', /\/plan_formacion\/alta_requerimientos\/validar$/);
        await next.click();
        const check = await expectJson(validated);

        // Step 4: the dry run's summary, then Confirmar.
        assert.equal(check.nuevos, 1, `one new requirement: ${JSON.stringify(check)}`);
        assert.equal(check.duplicados.length, 0, 'no duplicate');
        assert.ok(check.empleados_alcanzados >= 1, 'reaches the participant at least');
        await a.getByText(`1 puesto: ${employee.puesto}`, { exact: true }).waitFor();
        await a.getByText('1 tema', { exact: true }).waitFor();
        const reached = `Alcanza a ${check.empleados_alcanzados} ${check.empleados_alcanzados === 1 ? 'empleado' : 'empleados'}`;
        await a.getByText(reached, { exact: true }).waitFor();
        await a.getByText('Se creará 1 requerimiento', { exact: true }).waitFor();
        assert.equal(check.empleados_alcanzados, headcount, `the wizard reaches the position's ${headcount} employees`);
        await axe.check(a, 'wizard: confirmar');
        await screenshot(a, 'plans-wizard-confirm');
        const created = apiResponse(a, 'POST', /\/plan_formacion\/alta_requerimientos$/);
        await a.getByRole('button', { name: 'Confirmar', exact: true }).click();
        const answer = await expectJson(created);
        assert.equal(answer.requerimientos.length, 1, `one requirement written: ${JSON.stringify(answer)}`);
        [idRequerimiento] = answer.requerimientos;
        reachedCount = check.empleados_alcanzados;
        await a.getByText(`Se creó 1 requerimiento; alcanza a ${check.empleados_alcanzados} empleados`).waitFor();

        // Back on the consult table, the new requirement, enabled.
        await a.waitForURL('**/plan_formacion_consulta_requerimientos');
        const requirements = a.getByRole('table', { name: 'Requerimientos del plan de formación' });
        // As in readPlant: the list reopened may first show its cached rows.
        await requirements.waitFor();
        await a.getByRole('button', { name: 'Actualizar' }).click();
        const [requirement] = await rowsWhere(
          requirements,
          (rows) => rows.some((r) => r['Tema o bloque'].includes(abreviatura)),
          `the new requirement of ${abreviatura} in the table`,
        ).then((rows) => rows.filter((r) => r['Tema o bloque'].includes(abreviatura)));
        assert.equal(requirement['Clave'], String(idRequerimiento));
        assert.equal(requirement['Asignado a'], `Puesto: ${employee.puesto}`);
        assert.equal(requirement['Tipo'], 'Obligatorio');
        assert.equal(requirement['Estado'], 'Habilitado');
        assert.equal(requirement['Empleados'], String(check.empleados_alcanzados));
        await screenshot(a, 'plans-requirement-created');
      });

      await part(p, 'participant', async () => {
        // --- The participant: pending in "Mi plan", from the dashboard --------------------------
        await login(p, server.url, { user: DEMO_USERS.participante });
        await p.getByRole('link', { name: /^Cursos pendientes/ }).click();
        await p.waitForURL('**/menu/consultar_plan_capacitacion?location=pendientes');
        await p.getByRole('tab', { name: 'Pendientes', selected: true }).waitFor();
        const pendingCard = p.getByRole('article', { name: nombre, exact: true });
        await pendingCard.waitFor();
        await pendingCard.getByText('Pendiente', { exact: true }).waitFor();
        await pendingCard.getByText(abreviatura, { exact: true }).waitFor();
        assert.equal(await pendingCard.getByText(/^Vigencia:/).count(), 0, 'no validity while pending');
        countsPending = await planCounts(p);
        await axe.check(p, 'Mi plan: pendientes');
        await screenshot(p, 'plans-my-plan-pending');
      });

      await part(a, 'upload', async () => {
        // Who the requirement reached (tema_view: the active employees who must take or hold it).
        const people = await apiCall(server.url, 'POST', `/api/pri/plan_capacitacion/tema_view/${cveTema}/tabla`, {
          token: await sessionToken(a),
          body: { page: 1, cantPP: 100, filtersEXT: { vista: 'todos' } },
        });
        assert.equal(people.result.length, reachedCount, 'every employee reached has the topic in their plan');
        assert.ok(
          people.result.every((r) => r.requerido_por_plan === 'SI' && r.estado === 'Pendiente'),
          `required and pending for all: ${JSON.stringify(people.result)}`,
        );
        assert.ok(
          people.result.some((r) => r.num_empleado === participant.num_empleado),
          `the participant is among them: ${JSON.stringify(people.result.map((r) => r.num_empleado))}`,
        );
        // The plant's compliance goes down: one more mandatory topic per employee reached there,
        // as many held.
        const inPlant = people.result.filter((r) => r.planta === employee.planta).length;
        withRequirement = await readPlant(
          'with the requirement',
          (f) => f.requeridos === initial.requeridos + inPlant && f.acreditados === initial.acreditados,
        );
        assert.ok(
          percentOf(withRequirement.acreditados, withRequirement.requeridos) < percentOf(initial.acreditados, initial.requeridos),
          `the requirement lowers the compliance: ${initial.shown} → ${withRequirement.shown}`,
        );
        await screenshot(a, 'plans-population-with-requirement');

        // --- The historial upload ---------------------------------------------------------------
        await openFromMenu(a, 'Cargas masivas', 'cargas_masivas');
        await chooseOption(a, a.getByRole('combobox', { name: 'Tipo de carga' }), 'Historial de capacitación');
        await a.getByText(/^Acreditaciones pasadas por empleado/).waitFor();
        const [templateDownload] = await Promise.all([
          a.waitForEvent('download'),
          a.getByRole('button', { name: 'Descargar plantilla' }).click(),
        ]);
        const template = Buffer.concat(await templateDownload.createReadStream().then((s) => s.toArray()));
        const [templateSheet] = await readXlsxFile(template);
        const headers = templateSheet.data[0].map(String);
        const column = (name) => {
          const found = headers.find((h) => h.replace(/\*$/, '') === name);
          assert.ok(found, `template column ${name} in ${headers}`);
          return found;
        };
        const record = {
          [column('NumEmpleado')]: participant.num_empleado,
          [column('Abreviatura')]: abreviatura,
          [column('FechaAcreditacion')]: fecha,
          [column('Calificacion')]: String(GRADE),
          [column('Nota')]: 'Lista de asistencia (e2e)',
        };
        const sheet = [
          headers.map((h) => ({ value: h, fontWeight: 'bold' })),
          headers.map((h) => (record[h] ? { value: record[h], type: String } : null)),
        ];
        await a.getByLabel('Archivo de Excel a cargar').setInputFiles({
          name: 'historial-e2e.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: await writeXlsxFile(sheet).toBuffer(),
        });
        await a.getByRole('region', { name: 'Nueva carga' }).getByText('historial-e2e.xlsx', { exact: true }).waitFor();
        const accepted = apiResponse(a, 'POST', /\/api\/pri\/cargas_masivas\/historial$/);
        await a.getByRole('button', { name: 'Cargar archivo' }).click();
        const { id_carga: id } = await expectJson(accepted, 202);
        const card = a.getByRole('region', { name: `Carga #${id}` });
        await card.getByText('Historial de capacitación · historial-e2e.xlsx', { exact: true }).waitFor();
        const bar = card.getByRole('progressbar', { name: 'Progreso de la carga' });
        await eventually(async () => (await bar.getAttribute('aria-valuenow')) === '100', 'the upload reaches 100 %', {
          timeout: JOB_TIMEOUT,
        });
        const summary = card.getByRole('status').filter({ hasText: 'Cargas finalizadas' });
        await summary.waitFor({ timeout: JOB_TIMEOUT });
        await summary.getByText('1 registro: 1 insertado, 0 actualizados y 0 sin cambios.').waitFor();
        await card.getByText('Terminada', { exact: true }).waitFor();
        assert.match(await card.getByTestId('conteo-errores').innerText(), /\b0$/, 'no row in error');
        await settled(card);
        await axe.check(a, 'cargas masivas: historial terminada');
        await screenshot(a, 'plans-historial-upload');
      });

      await part(p, 'completed', async () => {
        // --- The participant: completed, with the validity the topic's months give --------------
        await toolbar(p).getByRole('button', { name: 'Actualizar' }).click();
        await eventually(async () => (await p.getByRole('article', { name: nombre, exact: true }).count()) === 0, 'the topic leaves Pendientes');
        await p.getByRole('tab', { name: 'Completados' }).click();
        await p.waitForURL('**/menu/consultar_plan_capacitacion?location=completados');
        const doneCard = p.getByRole('article', { name: nombre, exact: true });
        await doneCard.waitFor();
        await doneCard.getByText('Acreditado', { exact: true }).waitFor();
        await doneCard.getByText(`Acreditado el ${shownDate(fecha)}`, { exact: true }).waitFor();
        await doneCard.getByText(`Vigencia: ${shownDate(vigencia)}`, { exact: true }).waitFor();
        await doneCard.getByText(`Calificación: ${GRADE}`, { exact: true }).waitFor();
        assert.deepEqual(
          await planCounts(p),
          { pendientes: countsPending.pendientes - 1, completados: countsPending.completados + 1 },
          'one topic moved from pending to completed',
        );
        await axe.check(p, 'Mi plan: completados');
        await screenshot(p, 'plans-my-plan-completed');

        // The same through the API: the ledger's state and validity date.
        const participantToken = await p.evaluate(() => {
          const stored = window.localStorage.getItem('aula.token');
          try {
            const parsed = JSON.parse(stored);
            return typeof parsed === 'string' ? parsed : stored;
          } catch {
            return stored;
          }
      });
      const completed = await apiCall(
        server.url,
        'POST',
        `/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/${participant.cve_empleado}/completados`,
        { token: participantToken, body: {} },
      );
      const held = completed.temas.find((x) => x.cve_tema === cveTema);
      assert.ok(held, `the topic is among the completed ones: ${JSON.stringify(completed.temas.map((x) => x.abreviatura))}`);
      assert.equal(held.estado, 'Acreditado');
      assert.equal(held.fecha_acreditacion?.slice(0, 10), fecha);
      assert.equal(held.vigencia?.slice(0, 10), vigencia);
      });

      await part(a, 'population', async () => {
        // One more mandatory topic held in the plant: the percent goes up by exactly that.
        const afterUpload = await readPlant(
          'after the upload',
          (f) => f.requeridos === withRequirement.requeridos && f.acreditados === withRequirement.acreditados + 1,
        );
        const before = percentOf(withRequirement.acreditados, withRequirement.requeridos);
        const expected = percentOf(withRequirement.acreditados + 1, withRequirement.requeridos);
        assert.equal(afterUpload.shown, shownPercent(expected), `the plant's compliance ${before} → ${expected}`);
        assert.notEqual(afterUpload.shown, withRequirement.shown, 'the percent shown changes');
        await axe.check(a, 'control de población: plantas');
        await screenshot(a, 'plans-population-after');
      });
      for (const line of axe.summary().split('\n')) t.diagnostic(line);
      axe.assertClean();
    } finally {
      await analyst.close();
      await participantContext.close();
    }
  });
});
