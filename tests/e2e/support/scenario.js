// Helpers of the multi-role browser scenarios (courses, exams, plans): API lookups done
// before anyone signs in, one browser context per person, and screens checked with axe at
// the usual widths.
import { apiCall } from './api.js';
import { DEMO_PASSWORD, login, newContext, screenshot } from './browser.js';

/** A plain API login (lookups before the user signs in in the browser); the bearer token. */
export async function apiToken(baseUrl, usuario) {
  const { token } = await apiCall(baseUrl, 'GET', '/api/pub/token/generico');
  const { jwt } = await apiCall(baseUrl, 'POST', '/api/pri/login', {
    token,
    body: { usuario, password: DEMO_PASSWORD, clienteDemo: 1 },
  });
  return jwt;
}

/** `YYYY-MM-DD` of now in a time zone. */
export function todayIn(zone) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** An employee's planned topics of one list (pendientes / completados). */
export async function planTopics(baseUrl, token, cve, list) {
  const answer = await apiCall(baseUrl, 'POST', `/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/${cve}/${list}`, { token, body: {} });
  return Array.isArray(answer) ? answer : (answer.temas ?? answer.data ?? []);
}

/**
 * Visits a screen at each width (1280 and, with `narrow`, 390 px), records axe results and
 * keeps a screenshot artifacts/<prefix>-<label>-<width>.png.
 */
export async function checkScreen(page, report, prefix, label, url, { narrow = false, ready } = {}) {
  for (const width of narrow ? [1280, 390] : [1280]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto(url);
    if (ready) await ready(page);
    await report.check(page, `${label} @${width}`);
    await screenshot(page, `${prefix}-${label.replace(/\W+/g, '-')}-${width}`).catch(() => undefined);
  }
}

/**
 * Runs one person's part in a fresh browser context signed in as `user`; on failure keeps
 * artifacts/<prefix>-<name>-failure.png. The context is always closed.
 */
export async function asUser(browser, baseUrl, user, prefix, name, body) {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await login(page, baseUrl, { user });
    return await body(page);
  } catch (error) {
    await screenshot(page, `${prefix}-${name}-failure`).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}
