// Password recovery end to end: request the link from Login (e-mail + CURP), read the
// e-mail from the outbox, set a new password on /restorePassword/:jwt with the live rule
// checklist, and sign in with it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fetchUser, waitForMail } from './support/api.js';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  TEST_TIMEOUT,
  launchBrowser,
  login,
  screenshot,
  settled,
  withPage,
} from './support/browser.js';
import { startServer } from './support/server.js';

const NEW_PASSWORD = 'Nueva.Clave2026';
const RULES = 7;

/** Each checklist rule as `{ rule, ok, icon, color }` (icon = its accessible label). */
function readChecklist(page) {
  return page.getByRole('list', { name: 'Reglas de la contraseña' }).evaluate((list) =>
    [...list.querySelectorAll('li')].map((li) => {
      const icon = li.querySelector('[aria-label]');
      const badge = icon?.closest('.mantine-ThemeIcon-root') ?? icon?.parentElement;
      return {
        rule: li.dataset.rule,
        ok: li.dataset.ok === 'true',
        icon: icon?.getAttribute('aria-label'),
        color: badge ? getComputedStyle(badge).backgroundColor : null,
      };
    }),
  );
}

/** True for an rgb() colour whose green channel leads (Mantine teal). */
function isGreen(color) {
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return g > 100 && g > r + 40 && g > b;
}

describe('password recovery', () => {
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

  test('e-mail + CURP → link by e-mail → new password → sign in with it', { timeout: TEST_TIMEOUT }, async () => {
    const email = DEMO_USERS.participante;
    const { curp, nombre_empleado: fullName } = await fetchUser(server.url, email);
    assert.match(curp, /^[A-Z0-9]{18}$/);
    const firstName = fullName.split(/\s+/)[0];

    await withPage(browser, 'password-recovery', async (page) => {
      // 1. Ask for the link.
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
      await page.getByRole('heading', { name: 'Recuperar contraseña' }).waitFor();
      await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
      await page.getByRole('textbox', { name: 'CURP o número de empleado' }).fill(curp);
      await screenshot(page, 'password-recovery-request');
      const sent = page.waitForResponse((r) => r.url().endsWith('/api/pri/usuarios/restablecerContrasena'));
      await page.getByRole('button', { name: 'Enviar' }).click();
      assert.equal((await sent).status(), 200);
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText('Solicitud enviada').waitFor();
      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      await page.getByRole('form', { name: 'Iniciar sesión' }).waitFor();

      // 2. The e-mail carries the link.
      const linkPattern = new RegExp(`${server.url.replace(/[.:/]/g, '\\$&')}/restorePassword/[A-Za-z0-9_.-]+`);
      const mail = await waitForMail(server.outboxDir, email, (m) => linkPattern.test(m.text));
      const link = mail.text.match(linkPattern)[0];
      assert.match(mail.text, /restablecer tu contraseña/);

      // 3. Set the new password.
      await page.goto(link);
      await page.getByRole('heading', { name: 'Restablecer contraseña' }).waitFor();
      const send = page.getByRole('button', { name: 'Enviar' });
      let checklist = await readChecklist(page);
      assert.equal(checklist.length, RULES);
      assert.ok(checklist.every((c) => !c.ok && c.icon === 'Pendiente'), 'nothing met before typing');
      assert.equal(await send.isDisabled(), true);

      await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(NEW_PASSWORD);
      checklist = await readChecklist(page);
      assert.deepEqual(
        checklist.filter((c) => !c.ok).map((c) => c.rule),
        ['match'],
        'only the repetition is missing',
      );
      assert.equal(await send.isDisabled(), true);

      await page.getByRole('textbox', { name: 'Repite la nueva contraseña', exact: true }).fill(NEW_PASSWORD);
      checklist = await readChecklist(page);
      for (const item of checklist) {
        assert.ok(item.ok && item.icon === 'Cumple', `rule ${item.rule} met`);
        assert.ok(isGreen(item.color), `rule ${item.rule} is green (${item.color})`);
      }
      assert.equal(await send.isEnabled(), true);
      await screenshot(page, 'password-recovery-checklist');

      const reset = page.waitForResponse((r) => r.url().endsWith('/api/pri/usuarios/restablecerUsuario'));
      await send.click();
      assert.equal((await reset).status(), 200);
      const toast = page.getByRole('alert').filter({ hasText: 'Usuario actualizado' });
      await toast.waitFor();
      await settled(toast);
      await screenshot(page, 'password-recovery-updated');
      await page.waitForURL('**/login');
      await page.getByRole('form', { name: 'Iniciar sesión' }).waitFor();
    });

    // 4. The old password no longer works; the new one does.
    await withPage(browser, 'password-recovery-login', async (page) => {
      await assert.rejects(fetchUser(server.url, email, { password: DEMO_PASSWORD }), /400/);
      await login(page, server.url, { user: email, password: NEW_PASSWORD });
      await page.getByRole('heading', { level: 2, name: new RegExp(`${firstName}!$`) }).waitFor();
      await screenshot(page, 'password-recovery-login');
    });
  });
});
