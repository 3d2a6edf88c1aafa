// The side menu follows the permission matrix (docs/permisos.md): the Administrador has
// Catálogos → Empleados (and the other catalogue screens), the Participante does not (and
// cannot open the screen by URL).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO_USERS, TEST_TIMEOUT, launchBrowser, login, screenshot, withPage } from './support/browser.js';
import { startServer } from './support/server.js';

/** The side menu as `{ group: [entries] }`, read from its ARIA groups and links. */
async function readMenu(page) {
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
  return nav.evaluate((el) =>
    Object.fromEntries(
      [...el.querySelectorAll('[role="group"]')].map((group) => [
        group.getAttribute('aria-label'),
        [...group.querySelectorAll('a')].map((a) => a.textContent.trim()),
      ]),
    ),
  );
}

describe('side menu by profile', () => {
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

  test('Administrador sees Empleados under Catálogos', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'menu-administrador', async (page) => {
      await login(page, server.url, { user: DEMO_USERS.administrador });
      const menu = await readMenu(page);
      assert.deepEqual(menu['Inicio'], ['Dashboard']);
      // docs/permisos.md order, the screens the app has.
      assert.deepEqual(menu['Catálogos'], [
        'Empleados',
        'Bloques de cursos',
        'Asignación de bloques',
        'Control de población',
        'Datos STPS',
        'Recursos de capacitación',
        'Gestión de temas',
        'Encuestas de cursos',
        'Estructura de puestos',
      ]);
      // The company configuration (Sitio) comes first in Configuración.
      assert.deepEqual(menu['Configuración'], [
        'Sitio',
        'Noticias',
        'Anuncios de bienvenida',
        'Encuestas',
        'Cargas masivas',
        'Cambiar perfil de usuario',
        'APIs',
      ]);
      await screenshot(page, 'menu-administrador');

      // The entry works: it opens the employees catalogue.
      const nav = page.getByRole('navigation', { name: 'Menú principal' });
      await nav.getByRole('group', { name: 'Catálogos' }).getByRole('link', { name: 'Empleados', exact: true }).click();
      await page.waitForURL('**/menu/empleados');
      await page.getByRole('table', { name: /^Empleados/ }).waitFor();
    });
  });

  test('Participante does not see Catálogos nor Empleados', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'menu-participante', async (page) => {
      await login(page, server.url, { user: DEMO_USERS.participante });
      await page.getByRole('heading', { level: 2, name: /Luis/ }).waitFor();
      const menu = await readMenu(page);
      assert.deepEqual(menu['Inicio'], ['Dashboard']);
      assert.equal(menu['Catálogos'], undefined, `no Catálogos group, menu is ${JSON.stringify(menu)}`);
      assert.ok(!Object.values(menu).flat().includes('Empleados'), 'no Empleados entry');
      const nav = page.getByRole('navigation', { name: 'Menú principal' });
      assert.equal(await nav.getByRole('link', { name: 'Empleados', exact: true }).count(), 0);
      await screenshot(page, 'menu-participante');

      // Typing the address does not open the screen either.
      await page.goto(`${server.url}/menu/empleados`);
      await page.getByText('Sin acceso').waitFor();
      await page.getByText('Tu perfil no tiene permiso para ver esta sección.').waitFor();
      assert.equal(await page.getByRole('table').count(), 0);

      // Nor the company configuration.
      await page.goto(`${server.url}/menu/configuracion`);
      await page.getByText('Sin acceso').waitFor();
      assert.equal(await page.getByRole('form', { name: 'Configuración de la empresa' }).count(), 0);
    });
  });
});
