// The web app under the server's strict Content-Security-Policy: no inline script and
// Trusted Types enforced. Every screen used here must work without a single violation
// (a violation means a feature the policy silently broke, or markup reaching a DOM sink).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO_USERS, TEST_TIMEOUT, launchBrowser, login, withPage } from './support/browser.js';
import { startServer } from './support/server.js';

/** Records every CSP / Trusted Types violation the page reports, from the first byte on. */
async function watchViolations(page) {
  const seen = [];
  await page.exposeFunction('__aulaCspViolation', (v) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__aulaCspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sample ?? ''}`);
    });
  });
  page.on('console', (m) => {
    const text = m.text();
    if (/Content Security Policy|TrustedHTML|TrustedScript|Trusted Types/i.test(text)) seen.push(text);
  });
  page.on('pageerror', (e) => {
    if (/Trusted Types|TrustedHTML|Content Security Policy/i.test(String(e))) seen.push(String(e));
  });
  return seen;
}

describe('content security policy', () => {
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

  test('the app works under the policy with no violation', { timeout: TEST_TIMEOUT }, async () => {
    await withPage(browser, 'csp-no-violations', async (page) => {
      const violations = await watchViolations(page);
      const first = await page.goto(`${server.url}/login`);
      const csp = first.headers()['content-security-policy'] ?? '';
      assert.match(csp, /require-trusted-types-for 'script'/);
      assert.match(csp, /script-src 'self';/);

      // The page really enforces it: markup written to innerHTML is refused by the policy.
      const refused = await page.evaluate(() => {
        try {
          document.createElement('div').innerHTML = '<img src=x onerror="window.__owned=1">';
          return false;
        } catch (e) {
          return e instanceof TypeError;
        }
      });
      assert.equal(refused, true, 'innerHTML with markup must throw under Trusted Types');
      violations.length = 0; // that one was provoked on purpose

      await login(page, server.url, { user: DEMO_USERS.administrador });
      for (const route of ['empleados', 'listar_temas', 'bloques_cursos', 'notificaciones']) {
        await page.goto(`${server.url}/menu/${route}`);
        await page.waitForLoadState('networkidle');
      }
      await page.goto(`${server.url}/menu/empleados`);
      await page.getByRole('table').first().waitFor();
      await page.waitForLoadState('networkidle');
      // Printing writes a whole document into a frame: through the app's print policy.
      await page.evaluate(() => {
        window.print = () => {};
      });
      await page.getByRole('toolbar').getByRole('button', { name: 'Imprimir' }).click();
      await page.waitForTimeout(300);
      assert.deepEqual(violations, [], 'no CSP or Trusted Types violation while using the app');
    });
  });
});
