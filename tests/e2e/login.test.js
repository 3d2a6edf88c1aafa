// Login with the demo Administrador, and the server's message for a wrong password.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO_USERS, TEST_TIMEOUT, launchBrowser, screenshot, submitLogin, withPage } from './support/browser.js';
import { startServer } from './support/server.js';

describe('login', () => {
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

  test('the demo Administrador lands on the dashboard greeted by name', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'login-admin-dashboard', async (page) => {
      await page.goto(`${server.url}/login`);
      // Demo mode: without an entity the form does not go to the server.
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.getByText('Selecciona la entidad por favor').waitFor();

      await submitLogin(page, server.url, { user: DEMO_USERS.administrador });
      await page.waitForURL('**/menu/dashboard');
      const greeting = page.getByRole('heading', { level: 2, name: /Laura/ });
      await greeting.waitFor();
      assert.match(await greeting.innerText(), /^¡Buen(os|as) (días|tardes|noches), Laura!$/);
      assert.equal(new URL(page.url()).pathname, '/menu/dashboard');
      // The header names the signed-in user and the active profile.
      await page.getByRole('button', { name: 'Menú de Laura Méndez Garza' }).waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'login-admin-dashboard');
    });
  });

  test('a wrong password shows the server message and stays on Login', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'login-wrong-password', async (page) => {
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/pri/login') && r.request().method() === 'POST');
      await submitLogin(page, server.url, { user: DEMO_USERS.administrador, password: 'Equivocada.2026' });
      const response = await answer;
      assert.equal(response.status(), 400);
      const body = await response.json();
      assert.equal(body.code, 'auth.credenciales_invalidas');

      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      const text = await dialog.innerText();
      assert.match(text, /¡Ups!/);
      assert.match(text, /Usuario o contraseña incorrectos/);
      assert.ok(text.includes(body.resp), `the dialog shows the server's resp "${body.resp}"`);
      await page
        .getByRole('alert')
        .filter({ hasText: 'Si el problema continúa, comunícate con el representante de tu empresa.' })
        .waitFor();
      await screenshot(page, 'login-wrong-password');

      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).pathname, '/login');
      // No session was stored.
      const token = await page.evaluate(() => localStorage.getItem('aula.user'));
      assert.ok(token === null || token === 'null', `no user stored, got ${token}`);
    });
  });
});
