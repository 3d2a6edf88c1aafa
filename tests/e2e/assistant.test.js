// The help assistant (the chatbot, spec §1 and §7) end to end, in the browser. The demo
// company has it on (cia.chatbot '1'): the Participante sees its floating button beside the
// chat's, opens it (the focus goes to the question box) and the assistant greets with its
// chips. He asks '¿Qué cursos tengo pendientes?' and sees his pending topics with 'Fuente: Tus
// datos · Tu plan de capacitación', then '¿Cómo descargo mi constancia DC-3?' and sees the help
// text's answer with 'Fuente: Ayuda · <its title>' — each the API's own answer to the same
// session. Escape closes the panel and gives the focus back to the button. On a phone the
// panel takes the whole screen, and 'Ver mis cursos' opens /menu/consultar_plan_capacitacion
// (closing it). axe at 1366 and 390 px with the panel open. With the company's chatbot off,
// no button.
//
// One session per user: the API answers are read with the browser's own token (sessionToken).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, sessionToken } from './support/api.js';
import { AxeReport, WIDTHS, settle } from './support/axe.js';
import { DEMO_USERS, eventually, launchBrowser, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';
import { apiToken, asUser } from './support/scenario.js';

const SCENARIO_TIMEOUT = 180_000;
const PENDING_QUESTION = '¿Qué cursos tengo pendientes?';
const DC3_QUESTION = '¿Cómo descargo mi constancia DC-3?';
const DESKTOP = WIDTHS.find((w) => w.name === '1366');
const PHONE = WIDTHS.find((w) => w.name === '390');

/** The assistant's answer to the session signed in on `page`, through the API. */
async function apiAnswer(url, page, pregunta) {
  const token = await sessionToken(page);
  return apiCall(url, 'POST', '/api/pri/asistente/preguntar', { token, body: { pregunta, idioma: 'es' } });
}

/** Asks through the panel's box (Enter sends) and returns the new answer's bubble. */
async function ask(page, dialog, question) {
  const before = await dialog.getByTestId('assistant-answer').count();
  const box = dialog.getByRole('textbox', { name: 'Tu pregunta' });
  await eventually(async () => (await box.getAttribute('readonly')) === null, 'the box takes a question');
  await box.fill(question);
  await box.press('Enter');
  await eventually(async () => (await dialog.getByTestId('assistant-answer').count()) === before + 1, `an answer to “${question}”`);
  return dialog.getByTestId('assistant-answer').nth(before);
}

/** The first line of an answer as the panel shows it. */
const answerText = async (bubble) => (await bubble.locator('p').first().textContent()).trim();

/** Whether `locator` is the focused element. */
const focused = (locator) => locator.evaluate((el) => el === document.activeElement);

describe('help assistant', () => {
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

  test('the Participante asks for his pending courses and how to download his DC-3, and follows ‘Ver mis cursos’', { timeout: SCENARIO_TIMEOUT }, async (t) => {
    const url = server.url;
    await asUser(browser, url, DEMO_USERS.participante, 'assistant', 'participant', async (page) => {
      const launcher = page.getByRole('button', { name: 'Abrir el asistente de ayuda' });
      await launcher.waitFor();
      // Beside the chat's button, not over it.
      const chat = page.getByTestId('chat-launcher');
      if (await chat.count()) {
        const [a, b] = [await launcher.boundingBox(), await chat.boundingBox()];
        assert.ok(a.x + a.width <= b.x, `the assistant's button sits left of the chat's (${JSON.stringify({ a, b })})`);
      }

      // Open: the greeting (the server's, with its chips) and the focus in the question box.
      await launcher.click();
      const dialog = page.getByRole('dialog', { name: 'Asistente de ayuda' });
      await dialog.waitFor();
      const greeting = dialog.getByTestId('assistant-answer').first();
      await greeting.waitFor();
      assert.equal((await greeting.getByTestId('assistant-source').textContent()).trim(), 'Fuente: Asistente · Bienvenida');
      await dialog.getByRole('group', { name: 'Sugerencias' }).getByRole('link', { name: 'Ver mis cursos' }).waitFor();
      const box = dialog.getByRole('textbox', { name: 'Tu pregunta' });
      await eventually(() => focused(box), 'the focus is in the question box');

      // His pending courses, from his own data.
      const pending = await apiAnswer(url, page, PENDING_QUESTION);
      t.diagnostic(`pending answer: ${pending.respuesta} ${JSON.stringify(pending.elementos)}`);
      assert.equal(pending.fuente.tipo, 'datos');
      const pendingBubble = await ask(page, dialog, PENDING_QUESTION);
      assert.equal(await answerText(pendingBubble), pending.respuesta);
      assert.deepEqual((await pendingBubble.getByRole('listitem').allTextContents()).map((s) => s.trim()), pending.elementos);
      const pendingSource = (await pendingBubble.getByTestId('assistant-source').textContent()).trim();
      assert.ok(pendingSource.startsWith('Fuente: Tus datos'), pendingSource);
      assert.equal(pendingSource, `Fuente: Tus datos · ${pending.fuente.titulo}`);
      await dialog.getByTestId('assistant-question').filter({ hasText: PENDING_QUESTION }).waitFor();

      // How to download the DC-3, from the help texts.
      const dc3 = await apiAnswer(url, page, DC3_QUESTION);
      t.diagnostic(`DC-3 answer from ${dc3.fuente.clave}: ${dc3.fuente.titulo}; related ${JSON.stringify(dc3.relacionadas)}`);
      assert.equal(dc3.fuente.tipo, 'ayuda');
      const help = await ask(page, dialog, DC3_QUESTION);
      assert.equal(await answerText(help), dc3.respuesta.trim());
      assert.equal((await help.getByTestId('assistant-source').textContent()).trim(), `Fuente: Ayuda · ${dc3.fuente.titulo}`);
      for (const related of dc3.relacionadas) {
        await help.getByRole('group', { name: 'Temas relacionados' }).getByRole('button', { name: related.titulo }).waitFor();
      }
      await eventually(() => focused(box), 'the focus stays in the question box');

      await report.check(page, 'assistant open, two answers @1366');
      await screenshot(page, 'assistant-open-1366');

      // Escape closes it and gives the focus back to its button.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await eventually(() => focused(launcher), 'the focus is back on the button');

      // A phone: the panel takes the whole screen; the conversation is still there.
      await page.setViewportSize(PHONE.viewport);
      await settle(page);
      // The buttons stay in the room under the page's last control.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const covered = await page.evaluate(() => {
        const fab = document.querySelector('[data-testid="assistant-launcher"]').getBoundingClientRect();
        const hit = (r) => r.width > 0 && r.height > 0 && r.left < fab.right && r.right > fab.left && r.top < fab.bottom && r.bottom > fab.top;
        return [...document.querySelectorAll('main a, main button, main input, main textarea, main [role="tab"], main [tabindex="0"]')]
          .filter((el) => hit(el.getBoundingClientRect()))
          .map((el) => el.outerHTML.slice(0, 120));
      });
      assert.deepEqual(covered, [], 'at the bottom of the page, the button covers no control at 390 px');
      await launcher.click();
      await dialog.waitFor();
      await dialog.getByTestId('assistant-question').filter({ hasText: DC3_QUESTION }).waitFor();
      await settle(page);
      const box390 = await dialog.boundingBox();
      assert.ok(box390.x <= 0.5 && Math.round(box390.width) >= PHONE.viewport.width - 1, `the panel is full width at 390 px (${JSON.stringify(box390)})`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `no horizontal scroll at 390 px (${overflow} px)`);
      await report.check(page, 'assistant open @390');
      await screenshot(page, 'assistant-open-390');

      // 'Ver mis cursos' opens the plan with the router and closes the panel on a phone.
      const chips = dialog.getByRole('group', { name: 'Sugerencias' });
      await chips.getByRole('link', { name: 'Ver mis cursos' }).click();
      await page.waitForURL('**/menu/consultar_plan_capacitacion**');
      assert.equal(new URL(page.url()).pathname, '/menu/consultar_plan_capacitacion');
      await dialog.waitFor({ state: 'detached' });
      await settle(page);
      await screenshot(page, 'assistant-plan-after-chip-390');

      // Back on a desktop, the chip again: the plan opens and the panel stays.
      await page.setViewportSize(DESKTOP.viewport);
      await page.goto(`${url}/menu/dashboard`);
      await launcher.click();
      await dialog.getByRole('group', { name: 'Sugerencias' }).getByRole('link', { name: 'Ver mis cursos' }).click();
      await page.waitForURL('**/menu/consultar_plan_capacitacion**');
      await dialog.waitFor();
      await report.check(page, 'assistant open over the plan @1366');
    });
    t.diagnostic(report.summary());
    report.assertClean();
  });

  test('with the company’s chatbot off there is no assistant', { timeout: SCENARIO_TIMEOUT }, async () => {
    const url = server.url;
    const admin = await apiToken(url, DEMO_USERS.administrador);
    await apiCall(url, 'PUT', '/api/pri/cia', { token: admin, body: { chatbot: '0' } });
    try {
      await asUser(browser, url, DEMO_USERS.participante, 'assistant', 'off', async (page) => {
        await page.getByTestId('tasks').waitFor();
        await settle(page);
        assert.equal(await page.getByRole('button', { name: 'Abrir el asistente de ayuda' }).count(), 0, 'no assistant button');
        const token = await sessionToken(page);
        await assert.rejects(apiCall(url, 'POST', '/api/pri/asistente/preguntar', { token, body: { pregunta: 'Hola' } }), /403.*asistente\.desactivado/);
      });
    } finally {
      await apiCall(url, 'PUT', '/api/pri/cia', { token: admin, body: { chatbot: '1' } });
    }
  });
});
