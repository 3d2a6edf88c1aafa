// Debian's Chromium through playwright-core, plus the small helpers the tests share:
// screenshots into tests/artifacts/, polling assertions and the demo login.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { TESTS_DIR } from './server.js';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.join(TESTS_DIR, 'artifacts');

/** Password of every demo user. */
export const DEMO_PASSWORD = 'Demo.Aula2026';
/** The demo entity the Sierra Madre users belong to. */
export const SIERRA_MADRE = 'Grupo Industrial Sierra Madre';
export const DEMO_USERS = {
  administrador: 'admin@sierramadre.mx',
  analista: 'analista@sierramadre.mx',
  supervisor: 'supervisor@sierramadre.mx',
  instructor: 'instructor@sierramadre.mx',
  participante: 'participante@sierramadre.mx',
  contratista: 'contratista@mmnorte.mx',
  repEmpresa: 'rep.empresa@mmnorte.mx',
  hise: 'hise@sierramadre.mx',
};

/** Default wait for anything the UI does (server calls, lazy chunks). */
export const UI_TIMEOUT = 15_000;
/** Upper bound of one test, so a hang fails instead of stalling the suite. */
export const TEST_TIMEOUT = 90_000;

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh browser context (one simulated person on one browser): desktop size, Mexican
 * Spanish, and the app's default timeouts.
 */
export async function newContext(browser, options = {}) {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    acceptDownloads: true,
    ...options,
  });
  context.setDefaultTimeout(UI_TIMEOUT);
  context.setDefaultNavigationTimeout(UI_TIMEOUT);
  return context;
}

/** Saves a screenshot (the viewport unless `fullPage`) as tests/artifacts/<name>.png. */
export async function screenshot(page, name, { fullPage = false } = {}) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * Runs `body(page, context)` in a new context; on failure saves
 * artifacts/<name>-failure.png before rethrowing. The context is always closed.
 */
export async function withPage(browser, name, body, contextOptions) {
  rmSync(path.join(ARTIFACTS_DIR, `${name}-failure.png`), { force: true });
  const context = await newContext(browser, contextOptions);
  const page = await context.newPage();
  try {
    return await body(page, context);
  } catch (error) {
    await screenshot(page, `${name}-failure`).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `probe` until it returns a truthy value (which is returned) or the time is up;
 * then fails with `message` and the last value seen.
 */
export async function eventually(probe, message, { timeout = UI_TIMEOUT, interval = 100 } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  let lastError;
  for (;;) {
    try {
      last = await probe();
      if (last) return last;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const seen = lastError ? `last error: ${lastError.message}` : `last value: ${JSON.stringify(last)}`;
      throw new Error(`Timed out after ${timeout} ms: ${message} (${seen})`);
    }
    await sleep(interval);
  }
}

/** Chooses an option of a Mantine Select by its accessible name. */
export async function chooseOption(page, combobox, option) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Fills the Login form (demo entity, user, password) and submits it. Does not wait for
 * the outcome: callers check the dashboard or the error dialog.
 */
export async function submitLogin(page, baseUrl, { user, password = DEMO_PASSWORD, entity = SIERRA_MADRE }) {
  if (!/\/login$/.test(new URL(page.url() || 'about:blank', baseUrl).pathname)) {
    await page.goto(`${baseUrl}/login`);
  }
  const form = page.getByRole('form', { name: 'Iniciar sesión' });
  const entidad = form.getByRole('combobox', { name: 'Entidad' });
  await entidad.waitFor();
  await chooseOption(page, entidad, entity);
  await form.getByRole('textbox', { name: 'Usuario' }).fill(user);
  await form.getByRole('textbox', { name: 'Contraseña' }).fill(password);
  await form.getByRole('button', { name: 'Ingresar' }).click();
}

/** Whether a response is the dashboard's request for the welcome slides (GET lms/slides/{perfil}). */
export function isWelcomeSlidesRequest(response) {
  return response.request().method() === 'GET' && /^\/api\/pri\/lms\/slides\/[^/]+$/.test(new URL(response.url()).pathname);
}

/** The welcome carousel's dialog, in any language. */
export function welcomeDialog(page) {
  return page.getByRole('dialog').filter({ has: page.getByTestId('welcome-slides') });
}

/**
 * Closes the welcome carousel the dashboard opens after a login when the active profile has
 * slides (`slides`: the response to their request, or null), without ticking 'No volver a
 * mostrar.', so that it does not cover the screen a test goes on to use.
 */
async function closeWelcome(page, slides) {
  const response = await slides;
  if (!response || !response.ok()) return;
  const list = await response.json().catch(() => []);
  if (!Array.isArray(list) || list.length === 0) return;
  const dialog = welcomeDialog(page);
  await dialog.waitFor();
  await dialog.locator('.mantine-Modal-close').click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Logs in through the UI and waits for the dashboard greeting, then closes the welcome
 * carousel if it opens (`keepWelcome` leaves it open, for the tests of the carousel).
 */
export async function login(page, baseUrl, credentials, { keepWelcome = false } = {}) {
  const slides = keepWelcome ? null : page.waitForResponse(isWelcomeSlidesRequest, { timeout: UI_TIMEOUT }).catch(() => null);
  await submitLogin(page, baseUrl, credentials);
  await page.waitForURL('**/menu/dashboard');
  await page.getByRole('heading', { level: 2, name: /^(¡Buen|Good|Bo)/ }).waitFor();
  if (slides) await closeWelcome(page, slides);
}

/** Waits for the CSS transitions/animations running on an element (e.g. a toast fading in). */
export async function settled(locator) {
  await locator.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
}
