// Courses end to end (issue 12), every step done by a person in the browser: the Analista
// schedules a course of a topic pending in the Participante's plan with one session today
// (00:00–00:30 company time, so it has ended by the time attendance is taken) through the
// 'Programar curso' form; the Supervisor asks for a seat for the Participante (their
// subordinate) from the course calendar; the request is accepted in two steps from the
// notification modal (the Supervisor as coordinator, then the Analista); the Participante
// confirms attendance from their plan; the Instructor records attendance and the grade in the
// course's tabs; the Analista closes the course; and the Participante's plan shows the topic
// Acreditado. The API is only read, to choose the topic and to find ids. The course screens
// are checked with axe at 1280 px and 390 px.
//
// One session per user: a browser sign-in ends that user's other sessions (API tokens too),
// so the lookups come first and each role gets its own browser context.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, fetchUser } from './support/api.js';
import { AxeReport } from './support/axe.js';
import { DEMO_USERS, chooseOption, eventually, launchBrowser, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';
import { apiToken, asUser, checkScreen as checkScreenAt, planTopics, todayIn } from './support/scenario.js';

const GRADE = 95;
const INSTRUCTOR_COST = '1500.00';
/** The whole scenario plus two widths of several screens: generous on a slow machine. */
const SCENARIO_TIMEOUT = 300_000;

/** The name the date picker gives a day button ('25 noviembre 2026'). */
function dayLabel(isoDate) {
  const [y, m, d] = isoDate.split('-').map(Number);
  const month = new Intl.DateTimeFormat('es-MX', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
  return `${d} ${month} ${y}`;
}

/** Visits a screen at 1280 px and (optionally) 390 px, with axe and screenshots. */
const checkScreen = (page, report, label, url, options) => checkScreenAt(page, report, 'courses', label, url, options);

/** One person's part in their own signed-in browser context. */
const as = (browser, baseUrl, user, name, body) => asUser(browser, baseUrl, user, 'courses', name, body);

/** The success dialog of the app (alert host): checks its message and closes it. */
async function acknowledge(page, message) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(message).waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens the newest unread notification about `courseName` from the top bar's bell. */
async function openRequestNotification(page, courseName) {
  await page.getByRole('button', { name: /^Notificaciones/ }).click();
  const item = page.getByRole('menuitem').filter({ hasText: 'Solicitud de inscripción' }).filter({ hasText: courseName });
  await item.first().click();
  const modal = page.getByRole('dialog', { name: 'Solicitud de inscripción' });
  await modal.getByRole('region', { name: 'Solicitud de inscripción' }).waitFor();
  return modal;
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
    const report = new AxeReport();

    // --- Lookups (API, read-only) before anyone signs in ---------------------------------------
    const participant = await fetchUser(url, DEMO_USERS.participante);
    const supervisor = await fetchUser(url, DEMO_USERS.supervisor);
    const analyst = await apiToken(url, DEMO_USERS.analista);
    const employee = await apiCall(url, 'GET', `/api/pri/catalogos/empleados/${participant.cve_empleado}`, { token: analyst });
    assert.equal(employee.cve_supervisor, supervisor.cve_empleado, 'the participant reports to the demo supervisor');
    const participantName = participant.nombre_empleado;

    // A pending topic of the participant, without a course yet, that needs no room.
    let topic;
    let valores;
    for (const candidate of await planTopics(url, analyst, participant.cve_empleado, 'pendientes')) {
      if (candidate.prerrequisito === '1' || candidate.cve_curso) continue;
      const v = await apiCall(url, 'GET', `/api/pri/cursos/programar/valores/${candidate.cve_tema}`, { token: analyst }).catch(() => null);
      if (v && !v.requiere_sala) {
        topic = candidate;
        valores = v;
        break;
      }
    }
    assert.ok(topic, 'a pending topic that needs no room');
    const today = todayIn(valores.zona_horaria);
    // The demo's internal instructor (instructor@) in the instructors catalogue.
    const instructors = await apiCall(url, 'GET', '/api/pri/catalogos/recursos_capacitacion/instructores/opciones', { token: analyst });
    const internal = instructors.find((o) => !/externo/i.test(o.label));
    assert.ok(internal, `an internal instructor: ${JSON.stringify(instructors)}`);
    const courseName = `E2E ${topic.abreviatura}`;
    t.diagnostic(`topic ${topic.cve_tema} ${topic.abreviatura} (${valores.modelo_evaluacion}), today ${today} in ${valores.zona_horaria}, instructor ${internal.label}`);

    // --- 1. The Analista schedules the course in 'Programar curso' ----------------------------
    const cve = await as(browser, url, DEMO_USERS.analista, 'schedule', async (page) => {
      await page.goto(`${url}/menu/programar_curso`);
      const form = page.getByRole('form', { name: 'Programar curso' });
      await form.waitFor();
      const tema = form.getByRole('combobox', { name: 'Tema' });
      await tema.click();
      await tema.fill(topic.abreviatura);
      await page.getByRole('option', { name: `${topic.abreviatura} · ${topic.nombre}`, exact: true }).click();
      // The topic's defaults arrive and fill the capacity.
      const capacidad = form.getByRole('textbox', { name: 'Capacidad' });
      await eventually(async () => (await capacidad.inputValue()) === String(valores.capacidad), "the topic's default capacity");
      await form.getByRole('textbox', { name: 'Nombre corto' }).fill(courseName);

      const session = form.getByRole('group', { name: 'Sesión 1' });
      await session.getByRole('button', { name: 'Fecha' }).click();
      await page.getByRole('dialog').getByRole('button', { name: dayLabel(today), exact: true }).click();
      await session.getByLabel('Inicio').fill('00:00');
      await session.getByLabel('Fin').fill('00:30');

      await chooseOption(page, form.getByRole('combobox', { name: 'Instructor' }), internal.label);
      await form.getByText('Interno', { exact: true }).waitFor();
      await capacidad.fill(String(Math.max(5, valores.capacidad)));
      const cost = form.getByRole('textbox', { name: 'Honorarios del instructor' });
      await cost.fill(INSTRUCTOR_COST);
      await cost.blur();
      await form.getByTestId('course-total').filter({ hasText: '1,500.00' }).waitFor();
      await report.check(page, 'programar_curso filled @1366');
      await screenshot(page, 'courses-programar-curso-filled', { fullPage: true }).catch(() => undefined);

      await form.getByRole('button', { name: 'Programar' }).click();
      await page.waitForURL(/\/menu\/curso\/\d+$/);
      await page.getByRole('heading', { level: 2, name: courseName }).waitFor();
      await page.getByText('El curso quedó programado').waitFor();
      return Number(/\/menu\/curso\/(\d+)$/.exec(page.url())[1]);
    });
    assert.ok(cve > 0, 'the new course has a key');
    t.diagnostic(`course ${cve}`);

    // --- 2–3a. The Supervisor asks for a seat for the Participante, then accepts as coordinator
    await as(browser, url, DEMO_USERS.supervisor, 'supervisor', async (page) => {
      await page.goto(`${url}/menu/calendar_cursos?cve_tema=${topic.cve_tema}`);
      await page.locator('.fc-event').filter({ hasText: courseName }).first().click();
      const modal = page.getByRole('dialog', { name: courseName });
      await chooseOption(page, modal.getByRole('combobox', { name: 'Solicitar para' }), participantName);
      await modal.getByRole('button', { name: /^Solicitar lugar/ }).click();
      await page.getByText('Solicitud enviada: primero la revisa el coordinador y después el analista').waitFor();
      await modal.waitFor({ state: 'hidden' });

      // The request waits for the coordinator (the supervisor): the notification says so.
      const notification = await openRequestNotification(page, courseName);
      const request = notification.getByRole('region', { name: 'Solicitud de inscripción' });
      await request.getByText('Espera al coordinador').waitFor();
      await request.getByText(participantName).waitFor();
      await report.check(page, 'notification modal with a request (coordinator) @1366');
      await screenshot(page, 'courses-request-coordinator').catch(() => undefined);

      await request.getByRole('button', { name: 'Aceptar' }).click();
      await acknowledge(page, 'Ahora el analista del curso aceptará la solicitud');
      // The panel now shows the step after the coordinator, without buttons.
      await request.getByText('Espera al analista').waitFor();
      assert.equal(await request.getByRole('button', { name: 'Aceptar' }).count(), 0, 'no more buttons for the coordinator');
    });

    // --- 3b. The Analista accepts: the Participante is enrolled ---------------------------------
    await as(browser, url, DEMO_USERS.analista, 'analyst-accepts', async (page) => {
      const notification = await openRequestNotification(page, courseName);
      const request = notification.getByRole('region', { name: 'Solicitud de inscripción' });
      await request.getByText('Espera al analista').waitFor();
      await request.getByRole('button', { name: 'Aceptar' }).click();
      await acknowledge(page, 'La solicitud ha sido aceptada con éxito');
      await request.getByText('Aceptada', { exact: true }).waitFor();
      await report.check(page, 'notification modal with a request (accepted) @1366');
      // The modal's own 'Cerrar' (after its corner close button).
      await notification.getByRole('button', { name: 'Cerrar' }).last().click();
      await notification.waitFor({ state: 'hidden' });

      // The participants tab lists the Participante as enrolled.
      await page.goto(`${url}/menu/curso/${cve}?pestana=participantes`);
      const row = page.getByRole('row').filter({ hasText: participantName });
      await row.getByText('Inscrito', { exact: true }).waitFor();
    });

    // --- 4. The Participante confirms attendance from their plan ----------------------------
    await as(browser, url, DEMO_USERS.participante, 'confirm', async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${url}/menu/consultar_plan_capacitacion`);
      const card = page.getByRole('article', { name: topic.nombre, exact: true });
      const confirm = card.getByRole('button', { name: 'Confirmar asistencia' });
      await confirm.waitFor();
      await report.check(page, 'mi plan with course buttons @1280');
      await screenshot(page, 'courses-plan-buttons-1280').catch(() => undefined);
      const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/mobile/cursos/confirmar_asistencia'));
      await confirm.click();
      const response = await answer;
      assert.equal(response.status(), 200, await response.text());
      await confirm.waitFor({ state: 'detached' });
    });

    // --- 5. The Instructor records attendance and the grade -----------------------------------
    await as(browser, url, DEMO_USERS.instructor, 'instructor', async (page) => {
      // Today's panel leads to the course's attendance.
      await page.goto(`${url}/menu/panel_cursos`);
      await page.getByRole('article', { name: courseName }).getByRole('link', { name: 'Tomar asistencia' }).click();
      await page.waitForURL(new RegExp(`/menu/curso/${cve}\\?pestana=asistencia$`));
      const present = page.getByRole('switch', { name: `${participantName} asistió a la sesión 1` });
      await present.waitFor();
      assert.equal(await present.isChecked(), false, 'no attendance recorded yet');
      await report.check(page, 'curso tab Asistencia (instructor) @1366');
      // By keyboard: the switch takes the focus and Space toggles it.
      await present.focus();
      await page.keyboard.press('Space');
      await eventually(() => present.isChecked(), 'the participant marked present');
      const saveAttendance = page.getByRole('button', { name: 'Guardar asistencia (1)' });
      await saveAttendance.click();
      await page.getByRole('button', { name: 'Guardar asistencia (0)' }).waitFor();
      assert.equal(await present.isChecked(), true, 'the attendance stays recorded after saving');

      await page.getByRole('tab', { name: 'Evaluación' }).click();
      const model = valores.modelo_evaluacion;
      const grades =
        model === 'teorico_practico'
          ? { Calificación: '10', Práctica: '5' }
          : model === 'ninguno'
            ? { 'Evaluación de salida': '5' }
            : { Calificación: String(GRADE) };
      for (const [field, value] of Object.entries(grades)) {
        await page.getByRole('textbox', { name: `${field} de ${participantName}` }).fill(value);
      }
      await report.check(page, 'curso tab Evaluación (instructor) @1366');
      const saveGrades = page.getByRole('button', { name: 'Guardar calificaciones' });
      await saveGrades.click();
      await eventually(() => saveGrades.isDisabled(), 'the grades saved (nothing left to save)');
      // Read back from the server: a fresh load of the tab shows the saved grade.
      await page.reload();
      const [firstField, firstValue] = Object.entries(grades)[0];
      const input = page.getByRole('textbox', { name: `${firstField} de ${participantName}` });
      await input.waitFor();
      // The field is drawn before the participants' grades arrive: wait for them.
      await eventually(async () => (await input.inputValue()) === firstValue, 'the grade was saved').catch(() => {});
      assert.equal(await input.inputValue(), firstValue, 'the grade was saved');
    });

    // --- The course screens with axe (before closing: the tabs still offer their actions) ------
    await as(browser, url, DEMO_USERS.analista, 'screens', async (page) => {
      await checkScreen(page, report, 'grid_cursos', `${url}/menu/grid_cursos`, {
        narrow: true,
        ready: (p) => p.getByRole('table').first().waitFor(),
      });
      await checkScreen(page, report, 'programar_curso', `${url}/menu/programar_curso`, {
        narrow: true,
        ready: (p) => p.locator('form').first().waitFor(),
      });
      await checkScreen(page, report, 'curso detail', `${url}/menu/curso/${cve}`, {
        narrow: true,
        ready: (p) => p.getByRole('tab').first().waitFor(),
      });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.goto(`${url}/menu/curso/${cve}`);
        await page.getByRole('tab').first().waitFor();
        for (const tab of await page.getByRole('tab').all()) {
          const name = (await tab.textContent())?.trim() ?? '?';
          await tab.click();
          await report.check(page, `curso tab ${name} @${width}`);
        }
      }
      await checkScreen(page, report, 'calendar_cursos', `${url}/menu/calendar_cursos`, {
        narrow: true,
        ready: (p) => p.locator('.fc').first().waitFor(),
      });
      await checkScreen(page, report, 'panel_cursos', `${url}/menu/panel_cursos`, { narrow: true });
      await checkScreen(page, report, 'solicitudes_curso', `${url}/menu/solicitudes_curso`, { narrow: true });
    });

    // --- 6. The Analista closes the course ------------------------------------------------------
    await as(browser, url, DEMO_USERS.analista, 'close', async (page) => {
      await page.goto(`${url}/menu/curso/${cve}`);
      await page.getByRole('heading', { level: 2, name: courseName }).waitFor();
      await page.getByRole('button', { name: 'Cerrar curso' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cerrar curso' });
      await dialog.getByText(`Al cerrar «${courseName}»`, { exact: false }).waitFor();
      await report.check(page, 'close course dialog @1366');
      await dialog.getByRole('button', { name: 'Cerrar curso' }).click();
      await page.getByText('Curso cerrado: 1 acreditados, 0 no acreditados').waitFor();
      await page.getByText('El curso está cerrado: sus datos son de solo lectura.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Cerrar curso' }).count(), 0, 'a closed course cannot be closed again');
    });

    // --- … and the Participante's plan shows the topic accredited --------------------------------
    await as(browser, url, DEMO_USERS.participante, 'accredited', async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${url}/menu/consultar_plan_capacitacion`);
      await page.getByRole('tab', { name: 'Completados' }).click();
      const card = page.getByRole('article', { name: topic.nombre, exact: true });
      await card.getByText('Acreditado', { exact: true }).waitFor();
      await report.check(page, 'mi plan Completados @1280');
      await screenshot(page, 'courses-plan-accredited-1280').catch(() => undefined);
      await checkScreen(page, report, 'mi plan', `${url}/menu/consultar_plan_capacitacion`, { narrow: true });
    });

    t.diagnostic(report.summary());
    report.assertClean();
  });
});
