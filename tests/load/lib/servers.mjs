// Starting, probing and stopping the two servers under test, and the Aula logins.

import { execFile, execFileSync, fork, spawn } from 'node:child_process';
import { accessSync, constants, openSync, closeSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort, jwtPayload, sleep } from './common.mjs';

const execFileP = promisify(execFile);
const HERE = fileURLToPath(new URL('..', import.meta.url));

export const DEMO_PASSWORD = 'Demo.Aula2026';

/** Every process started here, so that an interrupted run leaves nothing behind. */
export const tracked = new Set();
export function track(proc) {
  tracked.add(proc);
  proc.once('exit', () => tracked.delete(proc));
  return proc;
}

function exited(proc) {
  return proc.exitCode !== null || proc.signalCode !== null;
}

/** SIGTERM, then SIGKILL after `graceMs`. */
export async function stopProcess(proc, graceMs = 5000) {
  if (!proc || exited(proc)) return;
  const done = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (!exited(proc)) proc.kill('SIGKILL');
  }, graceMs);
  await done;
  clearTimeout(timer);
}

// ---------------------------------------------------------------- reference server

export async function startReference({ log }) {
  const proc = track(
    fork(join(HERE, 'reference-server.mjs'), ['--port', '0', '--host', '127.0.0.1'], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('reference server did not start within 15 s')), 15000);
    proc.on('message', (m) => {
      if (m?.type === 'listening') {
        clearTimeout(timer);
        resolve(m.port);
      }
    });
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`reference server exited (${signal || code}) before listening`));
    });
  });
  log(`reference server pid ${proc.pid} on 127.0.0.1:${port}`);
  return {
    kind: 'reference',
    pid: proc.pid,
    proc,
    url: `http://127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    /** Full GC in the server, so that RSS samples are not inflated by garbage. */
    gc: () =>
      new Promise((resolve) => {
        if (exited(proc)) return resolve(false);
        const timer = setTimeout(() => resolve(false), 10000);
        const onMsg = (m) => {
          if (m?.type === 'gc-done') {
            clearTimeout(timer);
            proc.off('message', onMsg);
            resolve(m.forced);
          }
        };
        proc.on('message', onMsg);
        proc.send({ type: 'gc' });
      }),
    stop: () => stopProcess(proc),
  };
}

// ---------------------------------------------------------------- aula

/** The inherited environment without AULA_* settings (except AULA_LOG), so that a
 *  developer's shell cannot change the server under test. */
function cleanEnv() {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k.startsWith('AULA_') && k !== 'AULA_LOG') continue;
    env[k] = v;
  }
  return env;
}

function tail(path, lines = 25) {
  try {
    return readFileSync(path, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export async function startAula({ bin, tmp, employees, log }) {
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    throw new Error(`aula binary not found or not executable: ${bin} (build it with \`cargo build --release\` or set AULA_BIN / --aula-bin)`);
  }
  const dataDir = join(tmp, 'data');
  const storage = join(tmp, 'uploads');
  const logPath = join(tmp, 'aula.log');
  const env = cleanEnv();

  log(`aula demo --empleados ${employees} (data in ${dataDir})`);
  try {
    await execFileP(bin, ['demo', '--empleados', String(employees), '--data-dir', dataDir, '--storage', storage], {
      env,
      timeout: 600_000,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (err) {
    throw new Error(`aula demo failed: ${(err.stderr || err.message || '').toString().trim().slice(-800)}`);
  }

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const fd = openSync(logPath, 'a');
  const proc = track(
    spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir, '--storage', storage], {
      env: {
        ...env,
        AULA_LOGIN_LIMIT_PER_IP: '100000000',
        AULA_SOCKET_CONNECT_LIMIT_PER_IP: '100000000',
        AULA_CHAT_SEND_LIMIT: '100000000',
        AULA_PUBLIC_URL: origin,
      },
      stdio: ['ignore', fd, fd],
    }),
  );
  closeSync(fd);
  let exitInfo = null;
  proc.once('exit', (code, signal) => {
    exitInfo = signal || code;
  });

  const server = {
    kind: 'aula',
    pid: proc.pid,
    proc,
    url: origin,
    origin,
    dataDir,
    logPath,
    logTail: () => tail(logPath),
    gc: async () => false,
    stop: () => stopProcess(proc),
  };

  // Health.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exitInfo !== null) throw new Error(`aula serve exited (${exitInfo}) during start-up:\n${tail(logPath)}`);
    try {
      const r = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`aula serve did not answer /api/health within 30 s:\n${tail(logPath)}`);
    }
    await sleep(100);
  }
  log(`aula serve pid ${proc.pid} on 127.0.0.1:${port} (log ${logPath})`);

  // Is there a socket.io endpoint at all? An engine.io server answers the polling
  // handshake with an open packet `0{"sid":...}`; without the layer the SPA fallback
  // (HTML) or a 404 JSON error comes back.
  let probe;
  try {
    const r = await fetch(`${origin}/socket.io/?EIO=4&transport=polling`, {
      headers: { Origin: origin },
      signal: AbortSignal.timeout(5000),
    });
    probe = { status: r.status, type: r.headers.get('content-type') || '', body: (await r.text()).slice(0, 160) };
  } catch (err) {
    probe = { status: 0, type: '', body: String(err?.message || err) };
  }
  const looksLikeEngineIo = probe.body.startsWith('0{');
  if (!looksLikeEngineIo && (probe.status === 404 || probe.status === 0 || /html/i.test(probe.type) || /^\s*</.test(probe.body))) {
    await server.stop();
    const err = new Error(
      `this aula build has no socket.io layer: GET /socket.io/?EIO=4&transport=polling answered ${probe.status} ${probe.type} ${JSON.stringify(probe.body.slice(0, 80))}`,
    );
    err.unavailable = true;
    throw err;
  }
  if (!looksLikeEngineIo) log(`warning: unexpected socket.io polling handshake answer ${probe.status} ${JSON.stringify(probe.body)}`);
  return server;
}

/** E-mails of active demo employees, in employee-key order. */
export function readEmails(dbPath, limit) {
  const sql =
    "SELECT correo_empleado FROM empleados WHERE correo_empleado IS NOT NULL AND correo_empleado <> '' AND activo = 1 " +
    `ORDER BY cve_empleado LIMIT ${Number(limit)}`;
  let out;
  try {
    out = execFileSync('sqlite3', ['-readonly', dbPath, sql], { maxBuffer: 64 * 1024 * 1024 }).toString();
  } catch (err) {
    if (err.code !== 'ENOENT') throw new Error(`sqlite3 failed: ${err.stderr || err.message}`);
    const py =
      'import sqlite3, sys\n' +
      "c = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)\n" +
      "print('\\n'.join(r[0] for r in c.execute(sys.argv[2])))";
    out = execFileSync('python3', ['-c', py, dbPath, sql], { maxBuffer: 64 * 1024 * 1024 }).toString();
  }
  return out
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Logs in `count` demo employees (one session each) and returns
 * [{id: cve_empleado, auth: {token}}] in employee-key order.
 */
export async function loginUsers(server, count, { concurrency = 8, log }) {
  const emails = readEmails(join(server.dataDir, 'aula.db'), Math.ceil(count * 1.1) + 10);
  if (emails.length < 2) throw new Error(`the demo database has only ${emails.length} employees with an e-mail`);

  async function genericToken() {
    const r = await fetch(`${server.url}/api/pub/token/generico`, { signal: AbortSignal.timeout(10000) });
    if (!r.ok) throw new Error(`GET /api/pub/token/generico answered ${r.status}`);
    return (await r.json()).token;
  }
  let generic = await genericToken();

  const users = new Array(emails.length).fill(null);
  const failures = {};
  let next = 0;
  let ok = 0;
  let seq = 0;
  const started = performance.now();
  const progress = setInterval(() => log(`logins ${ok}/${count}`), 3000);

  async function loginOne(usuario, retry = true) {
    const r = await fetch(`${server.url}/api/pri/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${generic}`, 'content-type': 'application/json' },
      body: JSON.stringify({ usuario, password: DEMO_PASSWORD, navegador: 'aula-load', sistema_operativo: 'linux' }),
      signal: AbortSignal.timeout(30000),
    });
    let body = null;
    try {
      body = await r.json();
    } catch {
      // not JSON
    }
    if (r.status === 401 && retry) {
      generic = await genericToken();
      return loginOne(usuario, false);
    }
    return { status: r.status, body };
  }

  async function worker() {
    while (ok < count && next < emails.length) {
      const i = next++;
      try {
        const { status, body } = await loginOne(emails[i]);
        if (status === 200 && body?.jwt && body.resp === 'Excelente') {
          const claims = jwtPayload(body.jwt);
          if (claims.cve_empleado === undefined) throw new Error('session JWT without cve_empleado');
          users[i] = { id: claims.cve_empleado, auth: { token: body.jwt }, seq: ++seq };
          ok++;
        } else {
          const key = `${status} ${body?.error?.code || body?.code || body?.resp || ''}`.trim();
          failures[key] = (failures[key] || 0) + 1;
        }
      } catch (err) {
        const key = String(err?.message || err).slice(0, 80);
        failures[key] = (failures[key] || 0) + 1;
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    clearInterval(progress);
  }
  // One session per employee: a second login of the same employee (two identifiers of one
  // person) ends the first session, so only the latest token of an employee is kept.
  const latest = new Map();
  for (const u of users) if (u && (!latest.has(u.id) || latest.get(u.id).seq < u.seq)) latest.set(u.id, u);
  const list = users
    .filter((u) => u && latest.get(u.id) === u)
    .slice(0, count)
    .map(({ id, auth }) => ({ id, auth }));
  const secs = (performance.now() - started) / 1000;
  log(`logged in ${list.length}/${count} users in ${secs.toFixed(1)} s${Object.keys(failures).length ? `, failures ${JSON.stringify(failures)}` : ''}`);
  if (list.length < 2) throw new Error(`only ${list.length} logins succeeded: ${JSON.stringify(failures)}`);
  return { users: list, failures, seconds: secs };
}
