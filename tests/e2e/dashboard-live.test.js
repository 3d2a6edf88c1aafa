// The live dashboard (dashboard:cambio) end to end, in the browser. The Participante sits on
// his dashboard. The Analista, through the API, records a manual accreditation ('Curso
// externo', today, 95) of one of his pending mandatory topics: without a reload, his 'Cursos
// pendientes' card drops by one (the resumen endpoint's new figure) and the topic leaves the
// 'Capacitación pendiente' tab. Then his Supervisor, through the API, gives him a task, and it
// appears in his Tareas card, again without a reload.
//
// One session per user: the Analista and the Supervisor sign in through the API only, and the
// participant's own figures are read with the browser's token (sessionToken).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, sessionToken } from './support/api.js';
import { settle } from './support/axe.js';
import { DEMO_USERS, eventually, launchBrowser, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';
import { apiToken, asUser, planTopics, todayIn } from './support/scenario.js';

const SCENARIO_TIMEOUT = 180_000;
/** The server gathers changes for 0.3 s and the dashboard for 1 s: well within this. */
const LIVE_TIMEOUT = 15_000;
const ZONE = 'America/Mexico_City';

/** A whole number as the Spanish UI prints it (es-MX). */
const number = (n) => new Intl.NumberFormat('es-MX').format(n);
const isMandatory = (topic) => topic.obligatoria === true || Number(topic.obligatoria) === 1;

describe('dashboard: live', () => {
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

  test('the participant’s pending courses drop and a new task shows, without a reload, as others record them', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.participante, 'dashboard-live', 'participant', async (page) => {
      const me = await page.evaluate(() => JSON.parse(window.localStorage.getItem('aula.user') ?? '{}'));
      const cve = me.cve_empleado;
      const token = await sessionToken(page);
      const resumen = () => apiCall(url, 'GET', `/api/pri/plan_capacitacion/consultar_plan_capacitacion/resumen/${cve}`, { token });

      const analyst = await apiToken(url, DEMO_USERS.analista);
      const pending = await planTopics(url, analyst, cve, 'Pendientes');
      const topic = pending.find(isMandatory);
      assert.ok(topic, `the demo participant has a pending mandatory topic: ${JSON.stringify(pending.map((x) => [x.nombre, x.obligatoria]))}`);
      t.diagnostic(`accrediting ${topic.nombre} (${topic.cve_tema}) of ${pending.length} pending`);

      // The dashboard as it stands: the card's figure and the topic in the pending tab.
      const before = await resumen();
      const card = page.getByRole('region', { name: 'Mi plan de capacitación' }).getByRole('link', { name: /^Cursos pendientes/ });
      const figure = async () => ((await card.locator('p').last().textContent()) ?? '').trim();
      await eventually(async () => (await figure()) === number(before.cursos_pendientes), `the card shows ${before.cursos_pendientes} pending`);
      const tab = page.getByRole('tabpanel', { name: 'Capacitación pendiente' });
      await tab.getByRole('article', { name: topic.nombre, exact: true }).waitFor();
      await settle(page);
      // A reload would lose this.
      await page.evaluate(() => {
        window.__sameDocument = true;
      });

      // The Analista records the accreditation.
      const body = { cve_tema: topic.cve_tema, fecha: todayIn(ZONE), calificacion: 95, motivo: 'Curso externo' };
      const path = `/api/pri/plan_capacitacion/ver_kardex_capacitacion/${cve}/acreditaciones`;
      let recorded;
      try {
        recorded = await apiCall(url, 'POST', path, { token: analyst, body });
      } catch (error) {
        // A topic without grades takes no grade.
        if (!/plan\.calificacion_no_aplica/.test(String(error.message))) throw error;
        const { calificacion: _ignored, ...ungraded } = body;
        recorded = await apiCall(url, 'POST', path, { token: analyst, body: ungraded });
      }
      t.diagnostic(`recorded: ${JSON.stringify(recorded)}`);
      const after = await resumen();
      assert.equal(after.cursos_pendientes, before.cursos_pendientes - 1, 'the server counts one pending course less');

      await eventually(async () => (await figure()) === number(after.cursos_pendientes), `the card drops to ${after.cursos_pendientes} by itself`, {
        timeout: LIVE_TIMEOUT,
      });
      await tab.getByRole('article', { name: topic.nombre, exact: true }).waitFor({ state: 'detached', timeout: LIVE_TIMEOUT });
      assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was not reloaded');
      await screenshot(page, 'dashboard-live-accredited-1366', { fullPage: true });

      // His Supervisor gives him a task.
      const supervisor = await apiToken(url, DEMO_USERS.supervisor);
      const title = `Leer el procedimiento de bloqueo ${Date.now()}`;
      const created = await apiCall(url, 'POST', '/api/pri/tareas', {
        token: supervisor,
        body: { tarea: { title, description: 'Antes del turno del lunes', cve_empleado: cve } },
      });
      t.diagnostic(`task: ${JSON.stringify(created)}`);
      const tasks = page.getByTestId('tasks');
      await tasks.getByRole('checkbox', { name: title }).waitFor({ timeout: LIVE_TIMEOUT });
      assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was not reloaded');
      await tasks.screenshot({ path: new URL('../artifacts/dashboard-live-task-1366.png', import.meta.url).pathname });
    });
  });
});
