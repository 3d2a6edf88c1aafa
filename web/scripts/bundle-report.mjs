#!/usr/bin/env node
// Prints what the login route costs a first visitor: index.html, every chunk (JS and CSS)
// statically reachable from the entry and from the lazy Login page, and the texts it loads,
// raw, gzip and brotli (what the server sends to a browser that accepts it). Fails the build
// when the brotli total passes the budget (scripts/login-budget.json, or LOGIN_BUDGET_KB).
// Also prints what /menu/dashboard and then /menu/empleados add on top.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const budgetFile = JSON.parse(readFileSync(join(root, 'scripts', 'login-budget.json'), 'utf8'));
const BUDGET_KB = Number(process.env.LOGIN_BUDGET_KB ?? budgetFile.loginKiB);
const LANG = 'es';
const texts = (...namespaces) =>
  namespaces.map((ns) =>
    ['common', 'errors'].includes(ns)
      ? `src/lib/i18n/locales/${ns}/${LANG}.json`
      : `src/features/${ns}/locales/${LANG}.json`,
  );

/** Each step: the manifest keys it loads (routes and texts), after the steps before it. */
const STEPS = [
  {
    name: '/login',
    // Login is shown without the router (src/app/app.tsx); the router comes with the next step.
    keys: ['index.html', 'src/app/standalone-login.tsx', 'name:texts-es', ...texts('common', 'errors', 'auth')],
  },
  {
    name: '/menu/dashboard',
    keys: [
      // The router and the /menu shell form the 'menu' chunk (vite.config.ts).
      'name:menu',
      'src/app/routes/dashboard-route.tsx',
      ...texts('shell', 'trial', 'notifications', 'chat', 'dashboard'),
      'name:texts-es-app',
      `src/lib/i18n/locales/errors/catalogue/${LANG}.json`,
    ],
  },
  { name: '/menu/empleados', keys: ['src/app/routes/employees-route.tsx', ...texts('employees')] },
];

if (!existsSync(manifestPath)) {
  console.error(`bundle-report: ${manifestPath} not found (build with build.manifest = true)`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Compressed size as served: the build's .br/.gz sibling when there is one. */
function sizes(file) {
  const path = join(dist, file);
  const raw = readFileSync(path);
  const sibling = (ext, make) => (existsSync(`${path}.${ext}`) ? readFileSync(`${path}.${ext}`).length : make().length);
  return {
    raw: raw.length,
    gzip: Math.min(raw.length, sibling('gz', () => gzipSync(raw, { level: 9 }))),
    brotli: Math.min(
      raw.length,
      sibling('br', () => brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
    ),
  };
}

const loaded = new Set();
const kb = (n) => (n / 1024).toFixed(1).padStart(9);
let loginBrotli = 0;
for (const [index, step] of STEPS.entries()) {
  const files = new Map();
  const seen = new Set();
  const walk = (key, part) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    const add = (file) => !loaded.has(file) && !files.has(file) && files.set(file, part);
    add(chunk.file);
    for (const css of chunk.css ?? []) add(css);
    for (const imported of chunk.imports ?? []) walk(imported, part);
  };
  for (const key of step.keys) {
    if (key === 'index.html') {
      // What the page names itself (scripts, styles, preloads), as the browser reads it.
      const html = readFileSync(join(dist, 'index.html'), 'utf8');
      for (const [, ref] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
        const chunk = Object.keys(manifest).find((k) => manifest[k].file === ref);
        if (chunk) walk(chunk, 'entry');
        else if (!loaded.has(ref)) files.set(ref, 'entry');
      }
      continue;
    }
    // Texts merged into a named chunk ('name:texts-es') no longer have a key of their own.
    const found = key.startsWith('name:')
      ? Object.keys(manifest).filter((k) => manifest[k].name === key.slice(5) && k.endsWith('.js'))
      : manifest[key]
        ? [key]
        : [];
    if (found.length === 0 && !key.endsWith('.json')) {
      console.error(`bundle-report: "${key}" is not in the manifest`);
      process.exit(1);
    }
    for (const k of found) walk(k, key.endsWith('.json') || key.startsWith('name:texts') ? 'texts' : 'route');
  }
  const rows = [...files].map(([file, part]) => ({ file, part, ...sizes(file) }));
  for (const file of files.keys()) loaded.add(file);
  if (index === 0) rows.push({ file: 'index.html', part: 'html', ...sizes('index.html') });
  rows.sort((a, b) => b.brotli - a.brotli);
  const total = (k) => rows.reduce((s, r) => s + r[k], 0);
  const width = Math.max(...rows.map((r) => r.file.length), 10);
  console.log(`\n${index === 0 ? 'First visit to' : 'Then'} ${step.name}${index === 0 ? '' : ' adds'}`);
  console.log(`${'file'.padEnd(width)}  ${'part'.padEnd(6)} ${'raw KB'.padStart(9)} ${'gzip KB'.padStart(9)} ${'br KB'.padStart(9)}`);
  for (const r of rows) {
    console.log(`${r.file.padEnd(width)}  ${r.part.padEnd(6)} ${kb(r.raw)} ${kb(r.gzip)} ${kb(r.brotli)}`);
  }
  console.log(`${'TOTAL'.padEnd(width)}  ${''.padEnd(6)} ${kb(total('raw'))} ${kb(total('gzip'))} ${kb(total('brotli'))}`);
  if (index === 0) loginBrotli = total('brotli');
}

console.log(`\nLogin route: ${(loginBrotli / 1024).toFixed(1)} KB brotli, the files as served (budget ${BUDGET_KB} KB; tests/e2e/budget.test.js adds headers and API calls)\n`);
if (loginBrotli / 1024 > BUDGET_KB) {
  console.error(`bundle-report: the login route is over its ${BUDGET_KB} KB brotli budget`);
  process.exit(1);
}
