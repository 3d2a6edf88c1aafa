// Courses end to end (issue 12): the Analista schedules a course of a topic pending in the
// Participante's plan with one session today (00:00–00:30 company time, so it has ended by the
// time attendance is taken), the Supervisor asks for a seat for the Participante (their
// subordinate), the request is accepted in two steps (coordinator, then analyst), the
// Participante confirms attendance, the Instructor records attendance and a grade, the
// Analista closes the course, and the Participante's plan shows the topic accredited. The
// course screens are checked with axe at 1280 px and 390 px.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, fetchUser } from './support/api.js';
import { AxeReport } from './support/axe.js';
import { DEMO_PASSWORD, DEMO_USERS, launchBrowser, login, newContext, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';

const GRADE = 95;
/** The whole scenario plus two widths of several screens: generous on a slow machine. */
const SCENARIO_TIMEOUT = 240_000;

/** A plain API login; returns the bearer token. */
async function apiToken(baseUrl, usuario) {
  const { token } = await apiCall(baseUrl, 'GET', '/api/pub/token/generico');
  const { jwt } = await apiCall(baseUrl, 'POST', '/api/pri/login', {
    token,
    body: { usuario, password: DEMO_PASSWORD, clienteDemo: 1 },
  });
  return jwt;
}

/** `YYYY-MM-DD` of now in a time zone. */
function todayIn(zone) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** The participant's pending planned topics. */
async function pendingTopics(baseUrl, token, cve) {
  const answer = await apiCall(baseUrl, 'POST', `/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/${cve}/pendientes`, { token, body: {} });
  return Array.isArray(answer) ? answer : (answer.temas ?? answer.data ?? []);
}

/** Visits a screen at 1280 px and (optionally) 390 px, records axe results and screenshots. */
async function checkScreen(page, report, label, url, { narrow = false, ready } = {}) {
  for (const width of narrow ? [1280, 390] : [1280]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto(url);
    if (ready) await ready(page);
    await report.check(page, `${label} @${width}`);
    await screenshot(page, `courses-${label.replace(/\W+/g, '-')}-${width}`).catch(() => undefined);
  }
}

describe('courses: schedule → seat request in two steps → attendance and grade → close → accredited', () => {
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

  test('a course taken today accredits the topic in the participant plan', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    const participant = await fetchUser(url, DEMO_USERS.participante);
    const supervisor = await fetchUser(url, DEMO_USERS.supervisor);
    const instructor = await fetchUser(url, DEMO_USERS.instructor);
    const admin = await apiToken(url, DEMO_USERS.administrador);
    const employee = await apiCall(url, 'GET', `/api/pri/catalogos/empleados/${participant.cve_empleado}`, { token: admin });
    assert.equal(employee.cve_supervisor, supervisor.cve_empleado, 'the participant reports to the demo supervisor');

    // --- The Analista schedules a course of a pending topic, one session today 00:00–00:30 ---
    const analyst = await apiToken(url, DEMO_USERS.analista);
    const pending = await pendingTopics(url, analyst, participant.cve_empleado);
    let topic;
    let valores;
    for (const candidate of pending) {
      if (candidate.prerrequisito === '1' || candidate.cve_curso) continue;
      const v = await apiCall(url, 'GET', `/api/pri/cursos/programar/valores/${candidate.cve_tema}`, { token: analyst }).catch(() => null);
      if (v && !v.requiere_sala) {
        topic = candidate;
        valores = v;
        break;
      }
    }
    assert.ok(topic, `a pending topic that needs no room: ${JSON.stringify(pending.map((p) => p.abreviatura))}`);
    const today = todayIn(valores.zona_horaria);
    // The demo's internal instructor (instructor@) in the instructors catalogue.
    const instructors = await apiCall(url, 'GET', '/api/pri/catalogos/recursos_capacitacion/instructores/opciones', { token: analyst });
    const internal = instructors.find((o) => !/externo/i.test(o.label));
    assert.ok(internal, `an internal instructor: ${JSON.stringify(instructors)}`);
    t.diagnostic(`instructor ${internal.value} ${internal.label} (employee ${instructor.cve_empleado})`);
    t.diagnostic(`topic ${topic.cve_tema} ${topic.abreviatura} (${valores.modelo_evaluacion}), today ${today} in ${valores.zona_horaria}`);
    const saved = await apiCall(url, 'POST', '/api/pri/cursos/programar', {
      token: analyst,
      body: {
        cve_tema: topic.cve_tema,
        nombre_corto: `E2E ${topic.abreviatura}`,
        modalidad: valores.modalidad,
        sesiones: [{ fecha: today, hora_inicio: '00:00', hora_fin: '00:30' }],
        cve_instructor: internal.value,
        capacidad: Math.max(5, valores.capacidad),
        dias_acceso: valores.dias_acceso,
        autoinscripcion: true,
        epv: false,
        moneda: valores.moneda === 'USD' ? 'USD' : 'MXN',
        tipo_cambio: valores.tipo_cambio > 0 ? valores.tipo_cambio : 1,
        costo_instructor: 150000,
        costo_coffee_break: 0,
        costo_impresiones: 0,
        costo_renta_sala: 0,
        costo_otros: 0,
        reunion_tipo: 'ninguna',
      },
    });
    const cve = saved.cve_curso;
    assert.ok(cve > 0, JSON.stringify(saved));

    // --- The Supervisor asks for a seat for their subordinate ---------------------------------
    const sup = await apiToken(url, DEMO_USERS.supervisor);
    const asked = await apiCall(url, 'POST', `/api/pri/cursos/${cve}/solicitar`, { token: sup, body: { cve_empleado: participant.cve_empleado } });
    assert.equal(asked.etapa, 'coordinador', JSON.stringify(asked));
    const view = await apiCall(url, 'GET', `/api/pri/solicitudes/${asked.idsolicitud}`, { token: sup });
    assert.equal(view.puede_resolver, true, 'the supervisor may resolve the first step');

    // Step 1: the coordinator (the supervisor) accepts; step 2: the analyst accepts and enrols.
    const first = await apiCall(url, 'POST', `/api/pri/solicitudes/aceptar/${asked.idsolicitud}`, { token: sup, body: { cve_coordinador: supervisor.cve_empleado } });
    assert.equal(first.etapa, 'analista', JSON.stringify(first));
    const second = await apiCall(url, 'POST', `/api/pri/solicitudes/aceptar/${asked.idsolicitud}`, { token: analyst, body: {} });
    assert.equal(second.estatus, 3, JSON.stringify(second));

    // --- The Participante confirms attendance from their plan's course button ----------------
    const part = await apiToken(url, DEMO_USERS.participante);
    const detailForParticipant = await apiCall(url, 'GET', `/api/pri/cursos/by/id/${cve}`, { token: part });
    const enrolment = detailForParticipant.mi_inscripcion;
    assert.equal(enrolment?.estatus, 'inscrito', JSON.stringify(enrolment));
    const report = new AxeReport();
    {
      const context = await newContext(browser);
      const page = await context.newPage();
      await login(page, url, { user: DEMO_USERS.participante });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${url}/menu/consultar_plan_capacitacion`);
      const confirm = page.getByRole('button', { name: 'Confirmar asistencia' });
      await confirm.first().waitFor();
      await report.check(page, 'mi plan with course buttons @1280');
      await screenshot(page, 'courses-plan-buttons-1280').catch(() => undefined);
      const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/mobile/cursos/confirmar_asistencia'));
      await confirm.first().click();
      const response = await answer;
      assert.equal(response.status(), 200, await response.text());
      await context.close();
    }

    // --- The Instructor records attendance and a grade ----------------------------------------
    const inst = await apiToken(url, DEMO_USERS.instructor);
    const list = await apiCall(url, 'GET', `/api/pri/cursos/${cve}/asistencia`, { token: inst });
    const [session] = list.sesiones;
    await apiCall(url, 'PUT', `/api/pri/cursos/${cve}/asistencia`, {
      token: inst,
      body: { registros: [{ cve_inscripcion_ai: enrolment.cve_inscripcion_ai, id_sesion: session.id_sesion, asistencia: 2 }] },
    });
    const grades =
      valores.modelo_evaluacion === 'teorico_practico'
        ? { calificacion: 10, calificacion_practica: 5 }
        : valores.modelo_evaluacion === 'ninguno'
          ? { calificacion_salida: 5 }
          : { calificacion: GRADE };
    await apiCall(url, 'PUT', `/api/pri/cursos/${cve}/evaluacion`, {
      token: inst,
      body: { calificaciones: [{ cve_inscripcion_ai: enrolment.cve_inscripcion_ai, ...grades }] },
    });

    // --- The screens, with axe (before closing: the tabs still offer their actions) ----------
    const context = await newContext(browser);
    const page = await context.newPage();
    await login(page, url, { user: DEMO_USERS.analista });
    await checkScreen(page, report, 'grid_cursos', `${url}/menu/grid_cursos`, {
      narrow: true,
      ready: (p) => p.getByRole('table').first().waitFor(),
    });
    await checkScreen(page, report, 'programar_curso', `${url}/menu/programar_curso`, {
      ready: (p) => p.locator('form').first().waitFor(),
    });
    await checkScreen(page, report, 'curso detail', `${url}/menu/curso/${cve}`, {
      narrow: true,
      ready: (p) => p.getByRole('tab').first().waitFor(),
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const tab of await page.getByRole('tab').all()) {
      const name = (await tab.textContent())?.trim() ?? '?';
      await tab.click();
      await report.check(page, `curso tab ${name}`);
    }
    await checkScreen(page, report, 'calendar_cursos', `${url}/menu/calendar_cursos`, {
      narrow: true,
      ready: (p) => p.locator('.fc').first().waitFor(),
    });
    await checkScreen(page, report, 'panel_cursos', `${url}/menu/panel_cursos`);
    await checkScreen(page, report, 'solicitudes_curso', `${url}/menu/solicitudes_curso`);
    await context.close();

    // --- The Analista closes the course; the plan shows the topic accredited ------------------
    // (The browser's sign-in replaced the API session: a new one.)
    const analystAgain = await apiToken(url, DEMO_USERS.analista);
    const closed = await apiCall(url, 'POST', `/api/pri/cursos/${cve}/cerrar`, { token: analystAgain, body: {} });
    assert.deepEqual([closed.acreditados, closed.no_acreditados], [1, 0], JSON.stringify(closed));
    const partAgain = await apiToken(url, DEMO_USERS.participante);
    const completed = await apiCall(url, 'POST', `/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/${participant.cve_empleado}/completados`, { token: partAgain, body: {} });
    const rows = Array.isArray(completed) ? completed : (completed.temas ?? completed.data ?? []);
    const row = rows.find((r) => r.cve_tema === topic.cve_tema);
    assert.equal(row?.estado, 'Acreditado', JSON.stringify(row));

    const participantContext = await newContext(browser);
    const plan = await participantContext.newPage();
    await login(plan, url, { user: DEMO_USERS.participante });
    await checkScreen(plan, report, 'mi plan', `${url}/menu/consultar_plan_capacitacion`, { narrow: true });
    await participantContext.close();

    t.diagnostic(report.summary());
    report.assertClean();
  });
});
