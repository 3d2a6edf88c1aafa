// Language switch (es → en → pt): texts change on Login and in the /menu shell, the
// choice survives a reload, and the server answers in the chosen language.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO_USERS, TEST_TIMEOUT, launchBrowser, login, screenshot, withPage } from './support/browser.js';
import { startServer } from './support/server.js';

// The name is the purpose and the visible language, e.g. "Idioma: Español" (label in name).
const LANGUAGE_BUTTON = /^(Idioma|Language): /;

async function switchLanguage(page, name) {
  await page.getByRole('button', { name: LANGUAGE_BUTTON }).click();
  await page.getByRole('menuitem', { name }).click();
}

const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);

describe('language switch', () => {
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

  test('Login page in en and pt, remembered after a reload', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'language-login', async (page) => {
      await page.goto(`${server.url}/login`);
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      assert.equal(await htmlLang(page), 'es');

      await switchLanguage(page, 'English');
      const en = page.getByRole('form', { name: 'Sign in' });
      await en.waitFor();
      await en.getByRole('button', { name: 'Forgot your password?' }).waitFor();
      await en.getByRole('textbox', { name: 'Password' }).waitFor();
      await en.getByRole('combobox', { name: 'Entity' }).waitFor();
      await page.getByRole('button', { name: 'Language' }).waitFor();
      assert.equal(await htmlLang(page), 'en');
      assert.equal(await page.getByText('Iniciar sesión', { exact: true }).count(), 0, 'no Spanish title left');
      await screenshot(page, 'language-login-en');

      // The server's messages follow the language too (Accept-Language).
      await en.getByRole('combobox', { name: 'Entity' }).click();
      await page.getByRole('option', { name: 'Grupo Industrial Sierra Madre' }).click();
      await en.getByRole('textbox', { name: 'User', exact: true }).fill(DEMO_USERS.administrador);
      await en.getByRole('textbox', { name: 'Password' }).fill('Wrong.Password2026');
      await en.getByRole('button', { name: 'Sign in' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      const message = await dialog.innerText();
      assert.doesNotMatch(message, /Usuario o contraseña incorrectos/);
      assert.match(message, /Wrong user or password/);
      await dialog.getByRole('button').click();
      await dialog.waitFor({ state: 'detached' });
      // The toast that comes with it sits over the header's language button: close it.
      const toast = page.getByRole('alert').filter({ hasText: 'If the problem persists' });
      await toast.getByRole('button').click();
      await toast.waitFor({ state: 'detached' });

      await switchLanguage(page, 'Português');
      const pt = page.getByRole('form', { name: 'Entrar' });
      await pt.waitFor();
      await pt.getByRole('button', { name: 'Esqueceu sua senha?' }).waitFor();
      await pt.getByRole('textbox', { name: 'Senha' }).waitFor();
      await pt.getByRole('combobox', { name: 'Entidade' }).waitFor();
      assert.equal(await htmlLang(page), 'pt');
      await screenshot(page, 'language-login-pt');

      await page.reload();
      await page.getByRole('form', { name: 'Entrar' }).getByRole('button', { name: 'Esqueceu sua senha?' }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('aula.lang')), 'pt');

      await switchLanguage(page, 'Español');
      await page.getByRole('form', { name: 'Iniciar sesión' }).getByRole('button', { name: '¿Olvidaste tu contraseña?' }).waitFor();
      assert.equal(await htmlLang(page), 'es');
    });
  });

  test('the /menu shell in en and pt', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'language-shell', async (page) => {
      await login(page, server.url, { user: DEMO_USERS.administrador });
      await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Empleados', exact: true }).click();
      await page.getByRole('table', { name: /^Empleados/ }).waitFor();
      await page.getByRole('button', { name: 'Exportar a Excel' }).waitFor();

      await switchLanguage(page, 'English');
      const enMenu = page.getByRole('navigation', { name: 'Main menu' });
      await enMenu.getByRole('group', { name: 'Catalogues' }).getByRole('link', { name: 'Employees' }).waitFor();
      await page.getByRole('button', { name: 'Export to Excel' }).waitFor();
      await page.getByRole('tab', { name: 'All' }).waitFor();
      await screenshot(page, 'language-shell-en');

      await switchLanguage(page, 'Português');
      const ptMenu = page.getByRole('navigation', { name: 'Menu principal' });
      await ptMenu.getByRole('group', { name: 'Catálogos' }).getByRole('link', { name: 'Funcionários' }).waitFor();
      await page.getByRole('button', { name: 'Exportar para Excel' }).waitFor();
      await ptMenu.getByRole('group', { name: 'Início' }).getByRole('link', { name: 'Painel' }).click();
      await page.getByRole('heading', { level: 2, name: /^Bo(m dia|a tarde|a noite), Laura!$/ }).waitFor();
      assert.equal(await htmlLang(page), 'pt');
      await screenshot(page, 'language-shell-pt');
    });
  });
});
