// Starts a fresh `aula serve --demo` on a free local port with its own data and upload
// folders, waits for /api/health, and stops it again.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** tests/ */
export const TESTS_DIR = path.resolve(here, '..', '..');

/** The binary under test: $AULA_BIN, or the debug build next to the tests. */
export function aulaBinary() {
  const configured = process.env.AULA_BIN;
  const bin = configured ? path.resolve(TESTS_DIR, configured) : path.resolve(TESTS_DIR, '../target/debug/aula');
  if (!existsSync(bin)) {
    throw new Error(`aula binary not found at ${bin}: build it (cargo build) or point AULA_BIN at it`);
  }
  return bin;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the server. Returns `{ url, contentUrl, dataDir, outboxDir, stop() }`.
 * The server's output is kept and printed when it fails to start or exits early.
 */
export async function startServer({ timeoutMs = 30_000 } = {}) {
  const bin = aulaBinary();
  const root = await mkdtemp(path.join(tmpdir(), 'aula-e2e-'));
  const dataDir = path.join(root, 'data');
  const storage = path.join(root, 'uploads');

  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const contentPort = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const contentUrl = `http://127.0.0.1:${contentPort}`;
    const log = [];
    const child = spawn(
      bin,
      [
        'serve', '--demo', '--addr', `127.0.0.1:${port}`, '--content-addr', `127.0.0.1:${contentPort}`,
        '--data-dir', dataDir, '--storage', storage, '--public-url', url,
      ],
      {
        env: { ...process.env, AULA_LOGIN_LIMIT_PER_IP: '100000', RUST_LOG: process.env.RUST_LOG ?? 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const keep = (chunk) => {
      log.push(chunk.toString());
      if (log.length > 400) log.splice(0, log.length - 400);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let exited = null;
    // Never leave a server behind, even when the test process ends abruptly.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      process.off('exit', killOnExit);
    });

    const deadline = Date.now() + timeoutMs;
    let healthy = false;
    while (Date.now() < deadline && !exited) {
      try {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) {
          healthy = true;
          break;
        }
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    if (healthy) {
      return {
        url,
        /** The content origin (SCORM player and packages). */
        contentUrl,
        dataDir,
        outboxDir: path.join(dataDir, 'outbox'),
        log: () => log.join(''),
        async stop() {
          if (!exited) {
            child.kill('SIGTERM');
            const timer = setTimeout(() => !exited && child.kill('SIGKILL'), 5000);
            if (!exited) await once(child, 'exit').catch(() => undefined);
            clearTimeout(timer);
          }
          await rm(root, { recursive: true, force: true });
        },
      };
    }
    if (!exited) {
      child.kill('SIGKILL');
      await once(child, 'exit').catch(() => undefined);
    }
    lastError = new Error(
      `aula did not become healthy on ${url} (${exited ? `exited ${JSON.stringify(exited)}` : 'timed out'}):\n${log.join('')}`,
    );
    // A port taken between probing and binding: try another one.
  }
  await rm(root, { recursive: true, force: true });
  throw lastError;
}
