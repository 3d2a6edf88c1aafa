#!/usr/bin/env node
// Prints what the login route costs a first visitor: every chunk (JS and CSS) statically
// reachable from index.html and from the lazy login route, plus the Spanish texts it loads,
// gzipped one by one. Fails the build when the total passes the budget.
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const BUDGET_KB = Number(process.env.LOGIN_BUDGET_KB ?? 250);
const ROUTE = 'src/app/routes/login-route.tsx';
const LOCALES = ['src/lib/i18n/locales/common/es.json', 'src/lib/i18n/locales/errors/es.json', 'src/features/auth/locales/es.json'];

if (!existsSync(manifestPath)) {
  console.error(`bundle-report: ${manifestPath} not found (build with build.manifest = true)`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
for (const key of ['index.html', ROUTE]) {
  if (!manifest[key]) {
    console.error(`bundle-report: "${key}" is not in the manifest`);
    process.exit(1);
  }
}

const files = new Map();
const seen = new Set();
function walk(key, reason) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  if (!files.has(chunk.file)) files.set(chunk.file, reason);
  for (const css of chunk.css ?? []) if (!files.has(css)) files.set(css, reason);
  for (const imported of chunk.imports ?? []) walk(imported, reason);
}
walk('index.html', 'entry');
walk(ROUTE, 'login route');
for (const locale of LOCALES) if (manifest[locale]) walk(locale, 'texts (es)');

const rows = [...files].map(([file, reason]) => {
  const bytes = readFileSync(join(dist, file));
  return { file, reason, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (n) => (n / 1024).toFixed(1).padStart(8);
const width = Math.max(...rows.map((r) => r.file.length), 10);
console.log('\nLogin route bundle (first visit to /login)');
console.log(`${'file'.padEnd(width)}  ${'part'.padEnd(12)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}`);
for (const r of rows) console.log(`${r.file.padEnd(width)}  ${r.reason.padEnd(12)} ${kb(r.raw)} ${kb(r.gzip)}`);
const total = rows.reduce((s, r) => s + r.gzip, 0);
const totalRaw = rows.reduce((s, r) => s + r.raw, 0);
console.log(`${'TOTAL'.padEnd(width)}  ${''.padEnd(12)} ${kb(totalRaw)} ${kb(total)}`);
console.log(`Login route: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)\n`);
if (total / 1024 > BUDGET_KB) {
  console.error(`bundle-report: the login route is over its ${BUDGET_KB} KB gzip budget`);
  process.exit(1);
}
