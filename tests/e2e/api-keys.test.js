// Configuración → APIs as the Administrador, end to end: a key allowed to create Participante
// and Contratista is created in the UI and its token shown once; another system registering
// an employee with it may not ask for Administrador (issue 10, M3) but may for Contratista;
// the key is revoked in the UI and refused from then on. The screen's states pass axe at
// desktop and phone widths.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AxeReport, WIDTHS } from './support/axe.js';
import { DEMO_USERS, TEST_TIMEOUT, launchBrowser, login, screenshot, withPage } from './support/browser.js';
import { startServer } from './support/server.js';

/** A registration of the demo's contractor company, as another system sends it (server/tests/apis.rs). */
function registration(curp, numEmpleado, perfiles) {
  return {
    N2: 'Industrial',
    N3: 'Contratistas',
    N4: 'Montajes y Mantenimiento del Norte',
    N5: 'Operación en sitio',
    Puesto: 'Soldador',
    NumEmpleado: numEmpleado,
    NombreEmpleado: 'Rogelio Barrera Solís',
    GENERO: 'H',
    EMP_MAIL: `${numEmpleado.toLowerCase()}@mmnorte.mx`,
    EMP_CURP: curp,
    EMP_RFC: `${curp.slice(0, 10)}QW1`,
    FechaNacimiento: '1988-02-13',
    Telefono: '8181112233',
    Perfiles: perfiles,
    JEFE: '-1',
    FechaIngreso: '2026-11-01',
    Activo: 'SI',
  };
}

/** POST lms/empleados/alta with an API key as bearer: `{ status, body }`, whatever the status. */
async function registerWithKey(baseUrl, key, body) {
  const res = await fetch(`${baseUrl}/api/pri/lms/empleados/alta`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': 'es' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** The next answer of `method` to an API path equal to `pathname`. */
function apiResponse(page, method, pathname) {
  return page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === pathname);
}

/** Signs in as the Administrador and opens APIs from the side menu. */
async function openApis(page, baseUrl) {
  await login(page, baseUrl, { user: DEMO_USERS.administrador });
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'APIs', exact: true }).click();
  await page.waitForURL('**/menu/apis');
  // The dashboard's chart tables stay until the APIs screen replaces it: wait for its one table.
  await page.waitForFunction(() => document.querySelectorAll('main table').length === 1);
  await page.getByRole('table').waitFor();
}

function toolbar(page) {
  return page.getByRole('toolbar', { name: 'Acciones' });
}

/** The table row of the key called `name`. */
function keyRow(page, name) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

describe('API keys screen', () => {
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

  test('a key created in the UI shows its token once, may not create Administrador, and is refused once revoked', { timeout: TEST_TIMEOUT * 2 }, async (t) => {
    const report = new AxeReport();
    try {
      await withPage(browser, 'api-keys', async (page, context) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
        await openApis(page, server.url);
        await report.check(page, 'apis table @1366');

        // The new key's form: Participante ticked, Administrador not offered.
        await toolbar(page).getByRole('button', { name: 'Nueva llave' }).click();
        const form = page.getByRole('dialog', { name: 'Nueva llave de API' });
        const participante = form.getByRole('checkbox', { name: 'Participante' });
        await participante.waitFor();
        assert.equal(await participante.isChecked(), true, 'Participante is the default profile');
        assert.equal(await form.getByRole('checkbox', { name: 'Administrador' }).count(), 0, 'Administrador is not offered');
        await report.check(page, 'new key form @1366');
        await form.getByRole('textbox', { name: /Nombre/ }).fill('Sistema de contratistas');
        await form.getByRole('checkbox', { name: 'Contratista' }).check();
        const created = apiResponse(page, 'POST', '/api/pri/apis');
        await form.getByRole('button', { name: 'Crear llave' }).click();
        const answer = await created;
        assert.equal(answer.status(), 200, await answer.text());
        const { id, token, perfiles } = await answer.json();
        assert.deepEqual(perfiles, ['Participante', 'Contratista']);

        // The token, once, with the warning and a working copy button.
        const dialog = page.getByRole('dialog', { name: 'Llave creada' });
        await dialog.waitFor();
        assert.equal((await dialog.getByTestId('api-key-token').textContent()).trim(), token);
        await dialog.getByText('Por seguridad no se volverá a mostrar', { exact: false }).waitFor();
        await report.check(page, 'token dialog @1366');
        await screenshot(page, 'api-keys-token-1366');
        await dialog.getByRole('button', { name: 'Copiar token' }).click();
        await dialog.getByRole('button', { name: 'Token copiado' }).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), token, 'the copy button copies the token');
        await dialog.getByRole('button', { name: 'Ya lo guardé' }).click();
        await dialog.waitFor({ state: 'hidden' });
        const row = keyRow(page, 'Sistema de contratistas');
        await row.getByText('Contratista', { exact: true }).waitFor();
        await row.getByText('Activa', { exact: true }).waitFor();
        assert.equal(await page.getByText(token).count(), 0, 'the token is not shown again');
        assert.ok(!(await page.content()).includes(token), 'the token is nowhere in the page after its dialog');

        // Another system uses the key: Administrador is refused, Contratista is allowed.
        const admin = await registerWithKey(server.url, token, registration('BASR880213HNLRLG05', 'C900001', 'Administrador'));
        assert.equal(admin.status, 403, JSON.stringify(admin.body));
        assert.equal(admin.body.code, 'apis.perfil_no_permitido');
        const contractor = await registerWithKey(server.url, token, registration('BASR880213HNLRLG05', 'C900001', 'Contratista'));
        assert.equal(contractor.status, 200, JSON.stringify(contractor.body));

        // Revoked in the UI, after confirming; then the key is refused.
        await row.getByRole('button', { name: 'Revocar la llave Sistema de contratistas' }).click();
        const confirm = page.getByRole('dialog', { name: 'Revocar llave' });
        await confirm.getByText('¿Revocar la llave «Sistema de contratistas»?').waitFor();
        await report.check(page, 'revoke dialog @1366');
        const revoked = apiResponse(page, 'DELETE', `/api/pri/apis/${id}`);
        await confirm.getByRole('button', { name: 'Revocar llave' }).click();
        assert.equal((await revoked).status(), 200);
        await row.getByText('Revocada', { exact: true }).waitFor();
        assert.equal(await row.getByRole('button', { name: /Revocar/ }).count(), 0, 'a revoked key cannot be revoked again');
        const refused = await registerWithKey(server.url, token, registration('BASR880213HNLRLG13', 'C900002', 'Contratista'));
        assert.equal(refused.status, 401, JSON.stringify(refused.body));
        assert.equal(refused.body.code, 'auth.api_key_invalida');
        await report.check(page, 'apis table with a revoked key @1366');
        await screenshot(page, 'api-keys-table-1366');

        // Phone width: the table, the form and the token dialog.
        await page.setViewportSize(WIDTHS[1].viewport);
        await page.reload();
        await keyRow(page, 'Sistema de contratistas').waitFor();
        await report.check(page, 'apis table @390');
        await screenshot(page, 'api-keys-table-390', { fullPage: true });
        await toolbar(page).getByRole('button', { name: 'Nueva llave' }).click();
        await form.getByRole('checkbox', { name: 'Participante' }).waitFor();
        await report.check(page, 'new key form @390');
        await screenshot(page, 'api-keys-form-390');
        await form.getByRole('textbox', { name: /Nombre/ }).fill('Otro sistema');
        await form.getByRole('button', { name: 'Crear llave' }).click();
        await dialog.waitFor();
        await report.check(page, 'token dialog @390');
        await screenshot(page, 'api-keys-token-390');
      });
    } finally {
      for (const line of report.summary().split('\n')) t.diagnostic(line);
    }
    report.assertClean();
  });
});
