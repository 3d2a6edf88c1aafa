// One web session per user: logging in again elsewhere ends the first browser's session,
// which is told at once (session:ended), shows 'Sesión Caducada' and goes back to Login.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO_USERS, TEST_TIMEOUT, launchBrowser, login, newContext, screenshot } from './support/browser.js';
import { startServer } from './support/server.js';

describe('session replaced by a second login', () => {
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

  test("the first browser is logged out live with 'Otra persona está utilizando este usuario'", { timeout: TEST_TIMEOUT }, async () => {
    const first = await newContext(browser);
    const second = await newContext(browser);
    const pageA = await first.newPage();
    const pageB = await second.newPage();
    try {
      await login(pageA, server.url, { user: DEMO_USERS.administrador });
      await login(pageB, server.url, { user: DEMO_USERS.administrador });
      await screenshot(pageB, 'session-replaced-second-login');

      // The first browser is told at once over the realtime layer, without a call of its
      // own: it logs out and shows why.
      await pageA.waitForURL('**/login', { timeout: 5_000 });
      const dialog = pageA.getByRole('alertdialog');
      await dialog.getByText('Sesión Caducada', { exact: true }).waitFor();
      assert.match(await dialog.innerText(), /Otra persona está utilizando este usuario/);
      await screenshot(pageA, 'session-replaced-dialog');

      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      await pageA.getByRole('form', { name: 'Iniciar sesión' }).waitFor();
      const stored = await pageA.evaluate(() => localStorage.getItem('aula.user'));
      assert.ok(stored === null || stored === 'null', `the first browser forgot the user, got ${stored}`);
      await screenshot(pageA, 'session-replaced-back-to-login');

      // The second browser keeps working.
      await pageB.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Empleados', exact: true }).click();
      await pageB.getByRole('table', { name: /^Empleados/ }).getByRole('cell', { name: '1', exact: true }).waitFor();
      assert.equal(await pageB.getByRole('alertdialog').count(), 0);
    } catch (error) {
      await screenshot(pageA, 'session-replaced-failure-first').catch(() => undefined);
      await screenshot(pageB, 'session-replaced-failure-second').catch(() => undefined);
      throw error;
    } finally {
      await first.close();
      await second.close();
    }
  });
});
