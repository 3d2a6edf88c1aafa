// The login page's download budget, measured the way a first visitor pays it: a fresh
// Chromium profile opens /login through the real server, and the bytes each response took
// on the wire (Chrome's encodedDataLength: headers plus the body as sent, compressed when it
// was) are summed until the network is idle. The budget is web/scripts/login-budget.json,
// the same one the web build checks its brotli figure against.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { TEST_TIMEOUT, launchBrowser, withPage } from './support/browser.js';
import { TESTS_DIR, startServer } from './support/server.js';

const BUDGET_FILE = path.resolve(TESTS_DIR, '../web/scripts/login-budget.json');
const BUDGET_KIB = Number(process.env.LOGIN_BUDGET_KB ?? JSON.parse(readFileSync(BUDGET_FILE, 'utf8')).loginKiB);

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Opens `url` in a fresh context and returns every request of the page load with the bytes
 * it took on the wire, its type and its response headers.
 */
async function measurePageLoad(page, url, ready) {
  const cdp = await page.context().newCDPSession(page);
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    requests.set(requestId, { url: request.url, type: type ?? 'Other', bytes: 0, finished: false, headers: {} });
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const entry = requests.get(requestId);
    if (entry) {
      entry.status = response.status;
      entry.headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    }
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    if (entry) {
      entry.bytes = encodedDataLength;
      entry.finished = true;
    }
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => {
    const entry = requests.get(requestId);
    if (entry) entry.finished = true;
  });
  await cdp.send('Network.enable');
  // A first visit: nothing may come from a cache.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready();
  await page.waitForLoadState('networkidle');
  const unfinished = [...requests.values()].filter((r) => !r.finished && !r.url.startsWith('data:'));
  assert.deepEqual(
    unfinished.map((r) => r.url),
    [],
    'every request of the page load has finished once the network is idle',
  );
  await cdp.detach();
  return [...requests.values()].filter((r) => !r.url.startsWith('data:'));
}

describe('download budget', () => {
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

  test(
    `a first visit to /login downloads at most ${BUDGET_KIB} KB on the wire`,
    { timeout: TEST_TIMEOUT },
    async () => {
      await withPage(browser, 'budget-login', async (page) => {
        const requests = await measurePageLoad(page, `${server.url}/login`, () =>
          page.getByRole('button', { name: 'Ingresar' }).waitFor(),
        );
        const total = requests.reduce((sum, r) => sum + r.bytes, 0);
        const byType = new Map();
        for (const r of requests) {
          const t = byType.get(r.type) ?? { count: 0, bytes: 0 };
          byType.set(r.type, { count: t.count + 1, bytes: t.bytes + r.bytes });
        }
        const lines = [`/login first visit: ${requests.length} requests, ${kib(total)} on the wire (${total} bytes)`];
        for (const [type, t] of [...byType].sort((a, b) => b[1].bytes - a[1].bytes)) {
          lines.push(`  ${type.padEnd(12)} ${String(t.count).padStart(3)} requests ${kib(t.bytes).padStart(10)}`);
        }
        for (const r of [...requests].sort((a, b) => b.bytes - a.bytes)) {
          const encoding = r.headers['content-encoding'] ?? '-';
          lines.push(`    ${kib(r.bytes).padStart(10)}  ${encoding.padEnd(4)} ${new URL(r.url).pathname}`);
        }
        console.log(lines.join('\n'));

        // The main script (the largest one index.html names) must go out as brotli.
        const html = await (await fetch(`${server.url}/login`)).text();
        const named = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
        const scripts = requests.filter((r) => named.includes(new URL(r.url).pathname));
        assert.equal(scripts.length, named.length, `the page loaded every script index.html names (${named})`);
        const main = scripts.reduce((a, b) => (b.bytes > a.bytes ? b : a));
        const entry = new URL(main.url).pathname;
        assert.equal(main.headers['content-encoding'], 'br', `${entry} is sent brotli-compressed`);
        assert.match(main.headers.vary ?? '', /accept-encoding/i, `${entry} varies by Accept-Encoding`);

        assert.ok(
          total <= BUDGET_KIB * 1024,
          `/login took ${kib(total)} on the wire, over its ${BUDGET_KIB} KB budget (web/scripts/login-budget.json)`,
        );
      });
    },
  );
});
