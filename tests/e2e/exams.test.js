// Exams and surveys end to end (issue 13), in the browser: the Instructor generates, assigns
// and activates the exam of an e-learning course from the course's 'Examen' tab; the
// Participante takes it from their plan with the keyboard, reloads halfway and resumes the
// same attempt with its answers, fails once ('No acreditaste tu examen, te quedan 2
// intentos'), passes on the second attempt and the plan shows the topic Acreditado; then the
// Participante answers the dashboard survey and sees its results. The API only prepares the
// course (a pending topic of the participant with a fresh 3-question bank, scheduled today
// and the participant enrolled) and reads ids. The new screens are checked with axe at
// 1280 px and 390 px.
//
// One session per user: a browser sign-in ends that user's other sessions (API tokens too),
// so the API work comes first and each role gets its own browser context.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, fetchUser } from './support/api.js';
import { AxeReport } from './support/axe.js';
import { DEMO_USERS, eventually, launchBrowser, login, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';
import { apiToken, asUser, checkScreen as checkScreenAt, planTopics, todayIn } from './support/scenario.js';

const SCENARIO_TIMEOUT = 300_000;

/** The bank: three single-answer questions whose right option says so. */
const BANK = [1, 2, 3].map((n) => ({
  pregunta: `Pregunta E2E ${n}: ¿cuál es el procedimiento seguro?`,
  right: `Procedimiento correcto ${n}`,
  wrong: [`Atajo peligroso ${n}`, `Improvisar ${n}`],
}));

/** Visits a screen at 1280 and 390 px, with axe and screenshots. */
const checkScreen = (page, report, label, url, options) =>
  checkScreenAt(page, report, 'exams', label, url, { narrow: true, ...options });

/** One person's part in their own signed-in browser context. */
const as = (browser, baseUrl, user, name, body) => asUser(browser, baseUrl, user, 'exams', name, body);

/**
 * Answers the question shown in the exam dialog by keyboard: focuses its first option, Space
 * chooses it and the arrow keys walk to the option wanted (the right one or the first wrong).
 */
async function answerByKeyboard(page, dialog, right) {
  await dialog.getByRole('radiogroup').waitFor();
  const question = await currentQuestion(dialog);
  assert.ok(question, 'a question of the bank is shown');
  const wanted = dialog.getByRole('radio', { name: right ? question.right : question.wrong[0] });
  await dialog.getByRole('radio').first().focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 4 && !(await wanted.isChecked()); i += 1) await page.keyboard.press('ArrowDown');
  assert.equal(await wanted.isChecked(), true, 'the wanted option is chosen by keyboard');
  return question;
}

/** The question currently shown in the dialog. */
async function currentQuestion(dialog) {
  for (const q of BANK) {
    if ((await dialog.getByText(q.pregunta, { exact: false }).count()) > 0) return q;
  }
  return null;
}

describe('exams and surveys', { timeout: SCENARIO_TIMEOUT }, () => {
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

  test('the instructor activates an exam; the participant resumes, fails once, passes, and answers the dashboard survey', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    const report = new AxeReport();
    const participant = await fetchUser(url, DEMO_USERS.participante);
    const analyst = await apiToken(url, DEMO_USERS.analista);

    // A pending topic of the participant, without a course, needing no room, graded 0–100,
    // with an empty question bank: it gets the three questions above.
    let topic;
    let valores;
    for (const candidate of await planTopics(url, analyst, participant.cve_empleado, 'pendientes')) {
      if (candidate.prerrequisito === '1' || candidate.cve_curso) continue;
      const v = await apiCall(url, 'GET', `/api/pri/cursos/programar/valores/${candidate.cve_tema}`, { token: analyst }).catch(() => null);
      if (!v || v.requiere_sala || v.modelo_evaluacion !== 'conocimiento') continue;
      const bank = await apiCall(url, 'GET', `/api/pri/temas/preguntas/${candidate.cve_tema}`, { token: analyst });
      if ((Array.isArray(bank) ? bank : (bank.preguntas ?? [])).length > 0) continue;
      topic = candidate;
      valores = v;
      break;
    }
    assert.ok(topic, 'a pending topic with an empty bank that needs no room');
    for (const q of BANK) {
      await apiCall(url, 'POST', `/api/pri/temas/preguntas/${topic.cve_tema}`, {
        token: analyst,
        body: {
          pregunta: q.pregunta,
          tipo: 'unica',
          respuestas: [{ texto: q.right, correcta: true }, ...q.wrong.map((w) => ({ texto: w, correcta: false }))],
        },
      });
    }
    const instructors = await apiCall(url, 'GET', '/api/pri/catalogos/recursos_capacitacion/instructores/opciones', { token: analyst });
    const internal = instructors.find((o) => !/externo/i.test(o.label));
    assert.ok(internal, 'the internal instructor');
    const today = todayIn(valores.zona_horaria);
    const courseName = `Examen E2E ${topic.abreviatura}`;
    const { cve_curso: cve } = await apiCall(url, 'POST', '/api/pri/cursos/programar', {
      token: analyst,
      body: {
        cve_tema: topic.cve_tema,
        nombre_corto: courseName,
        modalidad: 'E_LEARNING',
        sesiones: [{ fecha: today, hora_inicio: '00:00', hora_fin: '00:30' }],
        capacidad: 5,
        dias_acceso: 3,
        moneda: 'MXN',
        tipo_cambio: 18.5,
        cve_instructor: internal.value ?? internal.id,
      },
    });
    await apiCall(url, 'POST', `/api/pri/cursos/${cve}/inscribir`, {
      token: analyst,
      body: { empleados: [participant.cve_empleado], lista_espera: false },
    });
    t.diagnostic(`topic ${topic.cve_tema} ${topic.abreviatura}, course ${cve} today ${today}`);

    // --- 1. The Instructor generates, assigns and activates the exam ---------------------------
    await as(browser, url, DEMO_USERS.instructor, 'instructor', async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${url}/menu/curso/${cve}?pestana=examen`);
      await page.getByText('El curso no tiene examen').waitFor();
      await report.check(page, 'curso tab Examen (no exam) @1280');
      await page.getByRole('button', { name: 'Generar examen' }).click();
      await page.getByText('Examen del curso').waitFor();
      await page.getByRole('button', { name: 'Asignar a participantes' }).click();
      const assign = page.getByRole('dialog');
      await assign.getByRole('radio', { name: /^Todos los inscritos/ }).waitFor();
      await report.check(page, 'assign exam dialog @1280');
      await assign.getByRole('button', { name: 'Asignar', exact: true }).click();
      await assign.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Activar' }).click();
      await page.getByRole('button', { name: 'Desactivar' }).waitFor();
      await report.check(page, 'curso tab Examen (active) @1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await report.check(page, 'curso tab Examen (active) @390');
      await checkScreen(page, report, 'examenes_revision', `${url}/menu/examenes_revision`, {
        // The demo leaves open answers of the instructor's NOM-035 course waiting.
        ready: (p) => p.getByRole('textbox', { name: /^Puntaje de / }).first().waitFor(),
      });
    });

    // --- 2. The Participante takes it: reload halfway, fail once, pass ---------------------------
    await as(browser, url, DEMO_USERS.participante, 'take', async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const openExam = async () => {
        await page.goto(`${url}/menu/consultar_plan_capacitacion`);
        const card = page.getByRole('article', { name: topic.nombre, exact: true });
        const button = card.getByRole('button', { name: 'Examen' });
        await button.waitFor();
        // By keyboard: the button takes the focus and Enter opens the exam.
        await button.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: topic.nombre });
        await dialog.waitFor();
        return dialog;
      };

      // Attempt 1: answer the first question right, reload, resume, answer the rest wrong.
      let dialog = await openExam();
      await dialog.getByText('Intento 1 de 3').waitFor();
      await report.check(page, 'exam intro @1280');
      await dialog.getByRole('button', { name: 'Comenzar' }).click();
      await dialog.getByText('Pregunta 1 de 3').waitFor();
      const next = dialog.getByRole('button', { name: 'Siguiente' });
      assert.equal(await next.isDisabled(), true, 'Next waits for an answer');
      const first = await currentQuestion(dialog);
      await answerByKeyboard(page, dialog, true);
      await dialog.getByText('Guardado').waitFor();
      await report.check(page, 'exam question @1280');
      assert.equal(await next.isDisabled(), false);
      // Reload once the autosave and the page's other calls are done.
      await page.waitForLoadState('networkidle');
      // What the restarted app's session check answered (usuarios/login), for the note below.
      const checks = [];
      const onResponse = async (response) => {
        if (!response.url().includes('/api/pri/usuarios/login')) return;
        const body = await response.text().catch(() => '');
        checks.push(`${response.status()} ${body.slice(0, 120)}`);
      };
      page.on('response', onResponse);
      await page.reload();
      // In whole-suite runs this reload has sometimes landed on Login (not reproduced with the
      // file alone; the app now retries a session check that fails for a passing reason):
      // sign in again and print what the check answered, so that the attempt's resumption —
      // kept by the server — is still checked and the log tells why.
      await page.waitForLoadState('networkidle');
      page.off('response', onResponse);
      if (new URL(page.url()).pathname.startsWith('/login') || (await page.getByRole('button', { name: 'Ingresar' }).isVisible())) {
        console.log(`# exams: the reload landed on Login (session checks: ${checks.join(' | ') || 'none'}); signing in again`);
        await login(page, url, { user: DEMO_USERS.participante });
      }
      dialog = await openExam();
      // The same attempt: it resumes at the first unanswered question.
      await dialog.getByText('Pregunta 2 de 3').waitFor();
      await dialog.getByRole('button', { name: 'Anterior' }).click();
      await dialog.getByText(first.pregunta).waitFor();
      const kept = dialog.getByRole('radio', { name: first.right });
      assert.equal(await kept.isChecked(), true, 'the saved answer came back after the reload');
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await answerByKeyboard(page, dialog, false);
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await dialog.getByText('Pregunta 3 de 3').waitFor();
      await answerByKeyboard(page, dialog, false);
      await dialog.getByRole('button', { name: 'Enviar respuestas' }).click();
      await dialog.getByText('No acreditaste tu examen, te quedan 2 intentos').waitFor();
      await dialog.getByText(/Calificación: 33[.,]3/).waitFor();
      await report.check(page, 'exam result (failed) @1280');
      await dialog.getByRole('button', { name: 'Cerrar el examen' }).first().click();

      // Attempt 2, at 390 px: everything right.
      await page.setViewportSize({ width: 390, height: 844 });
      dialog = await openExam();
      await dialog.getByText('Intento 2 de 3').waitFor();
      await report.check(page, 'exam intro @390');
      await dialog.getByRole('button', { name: 'Comenzar' }).click();
      for (let n = 1; n <= 3; n += 1) {
        await dialog.getByText(`Pregunta ${n} de 3`).waitFor();
        await answerByKeyboard(page, dialog, true);
        await dialog.getByRole('button', { name: n < 3 ? 'Siguiente' : 'Enviar respuestas' }).click();
      }
      await dialog.getByText('Felicidades, aprobaste tu examen').waitFor();
      await report.check(page, 'exam result (passed) @390');
      await dialog.getByRole('button', { name: 'Cerrar el examen' }).first().click();

      // The plan shows the topic accredited.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${url}/menu/consultar_plan_capacitacion`);
      await page.getByRole('tab', { name: 'Completados' }).click();
      const card = page.getByRole('article', { name: topic.nombre, exact: true });
      await card.getByText('Acreditado', { exact: true }).waitFor();
      await report.check(page, 'mi plan Completados with rating @1280');

      // --- 3. The dashboard survey: answer, then results --------------------------------------
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.goto(`${url}/menu/dashboard`);
        const send = page.getByRole('button', { name: 'Enviar encuesta' });
        if (width === 1280) {
          const group = page.getByRole('radiogroup').first();
          await group.waitFor();
          assert.equal(await send.count(), 0, 'the submit appears once an answer is chosen');
          await report.check(page, 'dashboard survey (answering) @1280');
          await group.getByRole('radio').first().focus();
          await page.keyboard.press('Space');
          await send.waitFor();
          await send.click();
        }
        await page.getByText('Así respondieron todos hasta ahora.').waitFor();
        await report.check(page, `dashboard survey (results) @${width}`);
        await screenshot(page, `exams-survey-results-${width}`).catch(() => undefined);
      }
    });

    // --- 4. The staff screens of surveys and exam results -----------------------------------------
    await as(browser, url, DEMO_USERS.administrador, 'staff', async (page) => {
      await checkScreen(page, report, 'encuestas_cursos', `${url}/menu/encuestas_cursos`, {
        ready: (p) => p.getByText('Evaluación del curso').first().waitFor(),
      });
      await checkScreen(page, report, 'configuracion_encuestas', `${url}/menu/configuracion_encuestas`, {
        ready: (p) => p.getByText('¿Cómo prefieres tomar tus cursos?').first().waitFor(),
      });
      await checkScreen(page, report, 'curso Examen results', `${url}/menu/curso/${cve}?pestana=examen`, {
        ready: (p) => p.getByText('Examen del curso').waitFor(),
      });
      await checkScreen(page, report, 'curso Encuesta', `${url}/menu/curso/${cve}?pestana=encuesta`, {
        ready: (p) => p.getByRole('tabpanel').waitFor(),
      });
    });

    t.diagnostic(report.summary());
    report.assertClean();
  });
});
