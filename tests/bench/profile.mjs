#!/usr/bin/env node
// Where a signed-in first visit spends its main-thread time: loads a /menu page as the demo
// Administrador with 4x CPU throttling (Lighthouse's mobile figure) and prints the functions
// with the most self time. Build web with `npx vite build --sourcemap` to see source names.
//
//   cd tests/bench && AULA_BIN=/path/to/aula node profile.mjs /menu/empleados
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { startServer, TESTS_DIR } from '../e2e/support/server.js';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const target = process.argv[2] ?? '/menu/dashboard';

async function api(baseUrl, method, route, { token, body } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl}${route}`, { method, headers, body: body && JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status}`);
  return res.json();
}

const server = await startServer();
const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
try {
  const { token } = await api(server.url, 'GET', '/api/pub/token/generico');
  const { jwt } = await api(server.url, 'POST', '/api/pri/login', {
    token,
    body: { usuario: 'admin@sierramadre.mx', password: 'Demo.Aula2026', clienteDemo: 1 },
  });
  const page = await browser.newPage();
  await page.goto(`${server.url}/favicon.svg`);
  await page.evaluate((t) => window.localStorage.setItem('aula.token', t), jwt);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(`${server.url}${target}`, { waitUntil: 'networkidle0' });
  const elapsed = Date.now() - t0;
  const { profile } = await cdp.send('Profiler.stop');
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  // LONGEST=1: only the samples of the longest run without idle time (the longest task).
  let keep = null;
  if (process.env.LONGEST) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    let best = [0, 0, 0];
    let start = 0;
    let span = 0;
    for (let i = 0; i < profile.samples.length; i++) {
      const idle = byId.get(profile.samples[i]).callFrame.functionName === '(idle)';
      if (idle) {
        if (span > best[2]) best = [start, i, span];
        start = i + 1;
        span = 0;
      } else span += profile.timeDeltas[i] ?? 0;
    }
    console.log(`longest task: ${Math.round(best[2] / 1000)} ms`);
    dt.clear();
    for (let i = best[0]; i < best[1]; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
    keep = true;
  }
  const byFn = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const us = dt.get(node.id) ?? 0;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (['(idle)', '(program)'].includes(functionName)) continue;
    total += us;
    const key = `${functionName || '(anon)'} ${url.replace(/^.*\/assets\//, '')}:${lineNumber + 1}:${columnNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  console.log(`${target}: ${elapsed} ms to network idle, ${Math.round(total / 1000)} ms sampled (4x CPU)`);
  const rows = [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40));
  // Source names from the build's source maps, when they exist.
  let mapper = null;
  try {
    const { SourceMapConsumer } = await import(path.join(TESTS_DIR, '../web/node_modules/source-map-js/source-map.js'));
    const cache = new Map();
    mapper = async (file, line, col) => {
      if (!cache.has(file)) {
        const raw = await readFile(path.join(TESTS_DIR, '../web/dist/assets', `${file}.map`), 'utf8').catch(() => null);
        cache.set(file, raw && new SourceMapConsumer(JSON.parse(raw)));
      }
      const c = cache.get(file);
      if (!c) return '';
      const p = c.originalPositionFor({ line, column: col - 1 });
      return p.source ? `${p.source.replace(/^.*node_modules\//, '')}:${p.line} ${p.name ?? ''}` : '';
    };
  } catch {
    // No source-map library: minified names only.
  }
  // CALLERS=<minified function name> prints the call stacks that spent the most in it.
  if (process.env.CALLERS) {
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
    const stacks = new Map();
    for (const n of profile.nodes) {
      if (n.callFrame.functionName !== process.env.CALLERS) continue;
      const names = [];
      for (let p = parent.get(n.id); p && names.length < 14; p = parent.get(p.id)) {
        const { functionName, url, lineNumber, columnNumber } = p.callFrame;
        const file = url.replace(/^.*\/assets\//, '');
        const where = mapper && file.endsWith('.js') ? await mapper(file, lineNumber + 1, columnNumber + 1) : '';
        names.push(where || functionName);
      }
      const k = names.join(' < ');
      stacks.set(k, (stacks.get(k) ?? 0) + (dt.get(n.id) ?? 0));
    }
    for (const [k, us] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`${(us / 1000).toFixed(1)} ms: ${k}\n`);
  }
  // INCLUSIVE=1: time under each function of the app's own source (components, hooks).
  if (process.env.INCLUSIVE && mapper) {
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n);
    const names = new Map();
    const nameOf = async (n) => {
      if (!names.has(n.id)) {
        const { url, lineNumber, columnNumber } = n.callFrame;
        const file = url.replace(/^.*\/assets\//, '');
        const where = file.endsWith('.js') ? await mapper(file, lineNumber + 1, columnNumber + 1) : '';
        names.set(n.id, where.startsWith('../../src/') ? where.slice(10) : null);
      }
      return names.get(n.id);
    };
    const incl = new Map();
    for (const n of profile.nodes) {
      const us = dt.get(n.id) ?? 0;
      if (!us) continue;
      const seen = new Set();
      for (let p = n; p; p = parent.get(p.id)) {
        const name = await nameOf(p);
        if (name && !seen.has(name)) {
          seen.add(name);
          incl.set(name, (incl.get(name) ?? 0) + us);
        }
      }
    }
    for (const [k, us] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${(us / 1000).toFixed(1).padStart(8)} ms incl  ${k}`);
  }
  for (const [key, us] of rows) {
    const m = key.match(/ ([^ ]+\.js):(\d+):(\d+)$/);
    const where = mapper && m ? await mapper(m[1], Number(m[2]), Number(m[3])) : '';
    console.log(`${(us / 1000).toFixed(1).padStart(8)} ms  ${key}  ${where}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
