// The realtime layer in two browsers: chat between two demo users with presence and read
// state changing live, and a notification created through the API appearing without reload.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO_USERS, TEST_TIMEOUT, UI_TIMEOUT, launchBrowser, login, newContext, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';

const SUPERVISOR = 'Jorge Salinas Cantú';
const PARTICIPANTE = 'Luis Hernández Rodríguez';

/** Opens the floating chat and the conversation with `name`. */
async function openConversation(page, name) {
  await page.getByRole('button', { name: /^Abrir chat/ }).click();
  const list = page.getByRole('list', { name: 'Conversaciones' }).or(page.getByLabel('Conversaciones'));
  await list.first().waitFor({ timeout: UI_TIMEOUT });
  await page.getByRole('button', { name: new RegExp(`^Abrir conversación con ${name}`) }).click();
  await page.getByLabel(`Mensajes con ${name}`).waitFor({ timeout: UI_TIMEOUT });
}

describe('realtime', () => {
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

  test('two users chat and see presence and read state change live', { timeout: TEST_TIMEOUT }, async () => {
    const ctxA = await newContext(browser);
    const ctxB = await newContext(browser);
    const pageA = await ctxA.newPage();
    const pageB = await ctxB.newPage();
    try {
      await login(pageA, server.url, { user: DEMO_USERS.supervisor });
      await login(pageB, server.url, { user: DEMO_USERS.participante });

      await openConversation(pageA, PARTICIPANTE);
      await pageA.getByText('En línea').first().waitFor({ timeout: UI_TIMEOUT });
      const text = `¿Confirmas tu asistencia al curso? ${Date.now() % 10000}`;
      await pageA.getByRole('textbox', { name: 'Mensaje' }).fill(text);
      await pageA.getByRole('button', { name: 'Enviar mensaje' }).click();
      await pageA.getByText(text).first().waitFor({ timeout: UI_TIMEOUT });
      await screenshot(pageA, 'realtime-chat-sent');

      // The recipient sees the unread badge and the message without reloading.
      await pageB.getByRole('button', { name: /^Abrir chat: \d+ mensajes? sin leer/ }).waitFor({ timeout: UI_TIMEOUT });
      await openConversation(pageB, SUPERVISOR);
      await pageB.getByText(text).first().waitFor({ timeout: UI_TIMEOUT });
      await screenshot(pageB, 'realtime-chat-received');

      // Opening the conversation marks it read: the sender's tick turns to 'Leído'.
      await pageA.getByLabel('Leído').last().waitFor({ timeout: UI_TIMEOUT });
      assert.ok((await pageA.getByLabel('Leído').count()) > 0);
      await screenshot(pageA, 'realtime-chat-read');

      // The recipient leaves: the sender sees the presence change after the grace period.
      await pageB.close();
      await ctxB.close();
      await pageA.getByText(/Última conexión|Desconectado/).first().waitFor({ timeout: UI_TIMEOUT });
      await screenshot(pageA, 'realtime-presence-offline');
    } catch (error) {
      await screenshot(pageA, 'realtime-chat-failure-a').catch(() => undefined);
      if (!pageB.isClosed()) await screenshot(pageB, 'realtime-chat-failure-b').catch(() => undefined);
      throw error;
    } finally {
      await ctxA.close();
      await ctxB.close().catch(() => undefined);
    }
  });

  test('a notification created through the API appears in the bell without reload', { timeout: TEST_TIMEOUT }, async () => {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    try {
      await login(page, server.url, { user: DEMO_USERS.instructor });
      const me = await page.evaluate(() => JSON.parse(localStorage.getItem('aula.user') || 'null'));
      assert.ok(me?.cve_empleado, 'the browser knows the logged-in employee');
      const bell = page.getByRole('button', { name: /^Notificaciones/ });
      await bell.waitFor({ timeout: UI_TIMEOUT });
      const before = await bell.getAttribute('aria-label');

      // The administrator (another user, through the API) sends a notification.
      const generic = await (await fetch(`${server.url}/api/pub/token/generico`)).json();
      const adminLogin = await fetch(`${server.url}/api/pri/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${generic.token}` },
        body: JSON.stringify({ usuario: DEMO_USERS.administrador, password: 'Demo.Aula2026', clienteDemo: 1 }),
      });
      const admin = { token: (await adminLogin.json()).jwt };
      const titulo = `Curso reprogramado ${Date.now() % 10000}`;
      const res = await fetch(`${server.url}/api/pri/notificaciones`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({
          titulo,
          contenido: 'El curso de Primeros auxilios pasa al viernes a las 10:00.',
          meeting: 'https://meet.sierramadre.mx/primeros-auxilios',
          destino: { tipo: 'empleado', cve_empleado: me.cve_empleado },
        }),
      });
      assert.equal(res.status, 200, await res.text());

      // The badge changes and the dropdown lists it, with no reload.
      await page.waitForFunction(
        (prev) => {
          const b = [...document.querySelectorAll('button[aria-label^="Notificaciones"]')][0];
          return b && b.getAttribute('aria-label') !== prev;
        },
        before,
        { timeout: UI_TIMEOUT },
      );
      await bell.click();
      await page.getByText(titulo).first().waitFor({ timeout: UI_TIMEOUT });
      await screenshot(page, 'realtime-notification-dropdown');
      await page.getByText(titulo).first().click();
      const modal = page.getByRole('dialog');
      await modal.getByText('Entrar a la reunión').waitFor({ timeout: UI_TIMEOUT });
      // Let the dropdown's closing animation end so the picture shows the modal alone.
      await page.waitForTimeout(400);
      await screenshot(page, 'realtime-notification-modal');
    } catch (error) {
      await screenshot(page, 'realtime-notification-failure').catch(() => undefined);
      throw error;
    } finally {
      await ctx.close();
    }
  });
});
