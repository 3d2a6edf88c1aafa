// Accessibility: no critical or serious axe-core violation (WCAG 2.0/2.1 A and AA) on any
// screen, at desktop (1366 px) and phone (390 px) widths. The screens are the side menu's
// links as the page shows them, so every screen a later issue adds to the menu is checked
// without touching this file; plus the public screens and the dialogs the screens open most.
import { after, before, describe, test } from 'node:test';
import { AxeReport, WIDTHS } from './support/axe.js';
import { DEMO_USERS, launchBrowser, login, withPage } from './support/browser.js';
import { startServer } from './support/server.js';

/** Each tour's limit: about a minute when the machine is idle, several times that when it is not. */
const A11Y_TIMEOUT = 240_000;

/** One Chromium for the whole file. */
let browser;

/** The side menu's links as `{ name, path }`, read from the page (deduplicated by path). */
async function menuLinks(page) {
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await nav.getByRole('link').first().waitFor();
  const links = await nav.evaluate((el) =>
    [...el.querySelectorAll('a[href]')].map((a) => ({
      name: (a.getAttribute('aria-label') || a.textContent || '').trim(),
      path: new URL(a.href).pathname,
    })),
  );
  const seen = new Set();
  return links.filter((l) => !seen.has(l.path) && seen.add(l.path));
}

/** Collects the page's uncaught errors and failed requests, to explain a screen that never shows. */
function watchPage(page) {
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

/** Waits for the screen's main landmark, failing with what went wrong on the page. */
async function mainShown(page, label) {
  try {
    await page.getByRole('main').waitFor();
  } catch (error) {
    throw new Error(`${label}: no main landmark (${error.message.split('\n')[0]}); page problems: ${JSON.stringify(page.problems ?? [])}`);
  }
}

/**
 * Runs `body(page, report)` in a fresh browser context; the per-state summary is logged
 * even when the tour stops early, and the test fails on any critical/serious violation.
 */
async function tour(t, name, body) {
  const report = new AxeReport();
  try {
    await withPage(browser, name, async (page) => {
      page.problems = watchPage(page);
      await body(page, report);
    });
  } finally {
    for (const line of report.summary().split('\n')) t.diagnostic(line);
  }
  report.assertClean();
}

/** Visits every menu screen at the given widths (the session survives the reloads). */
async function checkMenuScreens(page, baseUrl, report, profile, widths = WIDTHS) {
  const links = await menuLinks(page);
  if (links.length < 2) throw new Error(`${profile}: the side menu shows ${links.length} link(s)`);
  for (const width of widths) {
    await page.setViewportSize(width.viewport);
    for (const link of links) {
      await page.goto(`${baseUrl}${link.path}`);
      await mainShown(page, `${profile} ${link.path} @${width.name}`);
      await report.check(page, `${profile} ${link.path} @${width.name}`);
    }
  }
  return links;
}

/** Opens `path`, runs `open` (which shows a dialog, drawer or menu) and checks the page. */
async function checkOpened(page, baseUrl, report, label, path, open) {
  await page.goto(`${baseUrl}${path}`);
  await mainShown(page, label);
  await open();
  await report.check(page, label);
}

describe('accessibility: axe-core WCAG 2.1 AA, critical and serious', () => {
  let server;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('public screens: login, registration, FAQ, password restore', { timeout: A11Y_TIMEOUT }, async (t) => {
    await tour(t, 'a11y-public', async (page, report) => {
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        await page.goto(`${server.url}/login`);
        await page.getByRole('form', { name: 'Iniciar sesión' }).waitFor();
        await report.check(page, `/login @${width.name}`);

        await page.getByRole('button', { name: 'Regístrate aquí' }).click();
        await page.getByRole('dialog', { name: 'Registro de participante' }).waitFor();
        await report.check(page, `/login registration modal @${width.name}`);

        await page.goto(`${server.url}/FAQ`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await report.check(page, `/FAQ @${width.name}`);

        await page.goto(`${server.url}/restorePassword/x`);
        await page.getByText('Enlace no válido').first().waitFor();
        await report.check(page, `/restorePassword/x @${width.name}`);
      }
    });
  });

  // The Administrador sees every screen: one test per width, so each stays well inside its
  // time limit on a loaded machine, and a third for the dialogs.
  for (const width of WIDTHS) {
    test(`Administrador: every menu screen @${width.name}`, { timeout: A11Y_TIMEOUT }, async (t) => {
      await tour(t, `a11y-administrador-${width.name}`, async (page, report) => {
        await login(page, server.url, { user: DEMO_USERS.administrador });
        const links = await checkMenuScreens(page, server.url, report, 'Administrador', [width]);
        // The tour reaches the screens added last too (the company configuration).
        if (!links.some((l) => l.path === '/menu/configuracion')) throw new Error('the Administrador menu lacks /menu/configuracion');
      });
    });
  }

  test('Administrador: the main dialogs, drawers and menus', { timeout: A11Y_TIMEOUT }, async (t) => {
    await tour(t, 'a11y-administrador-dialogs', async (page, report) => {
      await login(page, server.url, { user: DEMO_USERS.administrador });
      const links = await menuLinks(page);
      const paths = new Set(links.map((l) => l.path));

      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        const at = `@${width.name}`;
        if (paths.has('/menu/empleados')) {
          await checkOpened(page, server.url, report, `employee detail drawer ${at}`, '/menu/empleados', async () => {
            const table = page.getByRole('table', { name: /^Empleados/ });
            await table.locator('tbody tr').first().click();
            await page.getByRole('dialog').waitFor();
          });
          await checkOpened(page, server.url, report, `employee form modal ${at}`, '/menu/empleados', async () => {
            await page.getByRole('toolbar', { name: 'Acciones' }).getByRole('button', { name: 'Nuevo empleado' }).click();
            await page.getByRole('dialog', { name: 'Nuevo empleado' }).waitFor();
          });
        }
        const topics = links.find((l) => l.name === 'Gestión de temas');
        if (topics) {
          await checkOpened(page, server.url, report, `topic drawer ${at}`, topics.path, async () => {
            await page.getByRole('table').first().locator('tbody tr').first().click();
            await page.getByRole('dialog').waitFor();
          });
        }
        await checkOpened(page, server.url, report, `change-password dialog ${at}`, '/menu/dashboard', async () => {
          await page.getByRole('button', { name: /^Menú de / }).click();
          await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
          await page.getByRole('dialog', { name: 'Cambiar contraseña' }).waitFor();
        });
        await checkOpened(page, server.url, report, `update-profile dialog ${at}`, '/menu/dashboard', async () => {
          await page.getByRole('button', { name: /^Menú de / }).click();
          await page.getByRole('menuitem', { name: 'Actualizar perfil' }).click();
          await page.getByRole('dialog', { name: 'Actualizar perfil' }).waitFor();
        });
        await checkOpened(page, server.url, report, `notification bell menu ${at}`, '/menu/dashboard', async () => {
          await page.getByRole('button', { name: /^Notificaciones/ }).click();
          await page.getByRole('menu').or(page.getByRole('dialog')).first().waitFor();
        });
        await checkOpened(page, server.url, report, `chat window ${at}`, '/menu/dashboard', async () => {
          await page.getByRole('button', { name: /^Abrir chat/ }).click();
          await page.getByRole('dialog', { name: 'Chat' }).waitFor();
        });
      }
    });
  });

  for (const profile of ['participante', 'supervisor']) {
    test(`${profile}: every menu screen`, { timeout: A11Y_TIMEOUT }, async (t) => {
      await tour(t, `a11y-${profile}`, async (page, report) => {
        await login(page, server.url, { user: DEMO_USERS[profile] });
        await checkMenuScreens(page, server.url, report, profile);
      });
    });
  }
});
