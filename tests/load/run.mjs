#!/usr/bin/env node
// Realtime load benchmark: N socket.io clients over P load processes against `aula serve`
// and against a minimal Node socket.io reference server, printed side by side.
// Usage: node run.mjs --help

import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuMs, mergeHistograms, nowMs, rssKb, sleep, summarize } from './lib/common.mjs';
import { loginUsers, startAula, startReference, stopProcess, track, tracked } from './lib/servers.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const FD_CAP = 20000; // open files per process on the benchmark machine
const FD_HEADROOM = 1000;

const HELP = `Realtime load benchmark (socket.io): aula vs a minimal Node socket.io reference server.

  cd tests/load && npm ci && node run.mjs [options]

Options (defaults in brackets):
  --only <aula|reference|both>  which servers to run [both]
  --connections <n>             concurrent socket.io connections [15000]
  --processes <n>               load processes the connections are spread over [4]
  --rate <n>                    aggregate chat:send messages per second [1000]
  --seconds <n>                 measured traffic duration [20]
  --warmup <n>                  traffic seconds before measuring (not recorded) [3]
  --users <n>                   distinct users (aula: logins, one session each) [1000]
  --chat-users <n>              users that chat, in pairs, one socket each (even) [500]
  --connect-concurrency <n>     connection attempts in flight, all processes together [200]
  --connect-timeout <ms>        per connection attempt [20000]
  --retries <n>                 retries of a failed connection (not of auth refusals) [2]
  --settle <n>                  idle seconds before sampling server memory [5]
  --drain <n>                   seconds to wait for outstanding deliveries and acks [10]
  --ack-timeout <ms>            chat:send acknowledgement timeout [10000]
  --keepalive <n>               seconds between keep-alive events per user, so that long
                                runs outlive aula's 10-minute idle session limit; 0 = off [240]
  --aula-bin <path>             aula binary [$AULA_BIN or ../../target/release/aula]
  --json <file>                 also write the results as JSON
  --keep-tmp                    keep the temporary data dir (aula database and log)
  -h, --help                    this text

The users that do not chat hold the remaining connections as several "tabs" each
(aula: several sockets sharing one session token). Exit code 0 when every requested
run completed, 1 when one failed or aula has no socket.io layer, 2 on bad options.
`;

// ---------------------------------------------------------------- options

function parseOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        only: { type: 'string', default: 'both' },
        connections: { type: 'string', default: '15000' },
        processes: { type: 'string', default: '4' },
        rate: { type: 'string', default: '1000' },
        seconds: { type: 'string', default: '20' },
        warmup: { type: 'string', default: '3' },
        users: { type: 'string', default: '1000' },
        'chat-users': { type: 'string', default: '500' },
        'connect-concurrency': { type: 'string', default: '200' },
        'connect-timeout': { type: 'string', default: '20000' },
        retries: { type: 'string', default: '2' },
        settle: { type: 'string', default: '5' },
        drain: { type: 'string', default: '10' },
        'ack-timeout': { type: 'string', default: '10000' },
        keepalive: { type: 'string', default: '240' },
        'aula-bin': { type: 'string', default: process.env.AULA_BIN || join(HERE, '..', '..', 'target', 'release', 'aula') },
        json: { type: 'string' },
        'keep-tmp': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    usage(err.message);
  }
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const num = (name, { min = 0, integer = true } = {}) => {
    const v = Number(values[name]);
    if (!Number.isFinite(v) || v < min || (integer && !Number.isInteger(v))) usage(`--${name} must be ${integer ? 'an integer' : 'a number'} ≥ ${min}`);
    return v;
  };
  const o = {
    only: values.only,
    connections: num('connections', { min: 2 }),
    processes: num('processes', { min: 1 }),
    rate: num('rate', { min: 0, integer: false }),
    seconds: num('seconds', { min: 1, integer: false }),
    warmup: num('warmup', { min: 0, integer: false }),
    users: num('users', { min: 2 }),
    chatUsers: num('chat-users', { min: 0 }),
    connectConcurrency: num('connect-concurrency', { min: 1 }),
    connectTimeout: num('connect-timeout', { min: 100 }),
    retries: num('retries', { min: 0 }),
    settle: num('settle', { min: 0, integer: false }),
    drain: num('drain', { min: 0, integer: false }),
    ackTimeout: num('ack-timeout', { min: 100 }),
    keepalive: num('keepalive', { min: 0, integer: false }),
    aulaBin: resolve(values['aula-bin']),
    json: values.json,
    keepTmp: values['keep-tmp'],
  };
  if (!['aula', 'reference', 'both'].includes(o.only)) usage('--only must be aula, reference or both');
  // Chat users come in pairs, at most one socket each, and never exceed users or connections.
  o.chatUsers = Math.min(o.chatUsers, o.users, o.connections);
  o.chatUsers -= o.chatUsers % 2;
  const perProcess = Math.ceil(o.connections / o.processes);
  if (perProcess > FD_CAP - FD_HEADROOM) {
    usage(`${perProcess} connections per load process is too close to the ${FD_CAP} open-file cap; use --processes ${Math.ceil(o.connections / (FD_CAP - FD_HEADROOM - 1000))} or more`);
  }
  if (o.connections > FD_CAP - FD_HEADROOM) {
    console.error(`warning: ${o.connections} connections in one server process approaches the ${FD_CAP} open-file cap`);
  }
  return o;
}

function usage(message) {
  console.error(`run.mjs: ${message}\n`);
  console.error(HELP);
  process.exit(2);
}

// ---------------------------------------------------------------- load processes

class LoadProcess {
  constructor(index) {
    this.index = index;
    this.proc = track(fork(join(HERE, 'client.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    this.waiters = new Map();
    this.progress = { connected: 0, failed: 0 };
    this.exitError = null;
    this.proc.on('message', (m) => {
      if (m?.type === 'progress') {
        this.progress = m;
        return;
      }
      if (m?.type === 'error') {
        this.rejectAll(new Error(`load process ${index}: ${m.message}`));
        return;
      }
      if (m?.type === 'connected') this.progress = m;
      const w = this.waiters.get(m?.type);
      if (w) {
        this.waiters.delete(m.type);
        w.resolve(m);
      }
    });
    this.proc.once('exit', (code, signal) => {
      this.exitError = new Error(`load process ${index} exited (${signal || code})`);
      this.rejectAll(this.exitError);
    });
    this.ready = this.wait('ready', 15000);
  }

  rejectAll(err) {
    for (const w of this.waiters.values()) w.reject(err);
    this.waiters.clear();
  }

  wait(type, timeoutMs) {
    if (this.exitError) return Promise.reject(this.exitError);
    return new Promise((resolveW, rejectW) => {
      const timer = setTimeout(() => {
        this.waiters.delete(type);
        rejectW(new Error(`load process ${this.index}: no '${type}' within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      this.waiters.set(type, {
        resolve: (m) => {
          clearTimeout(timer);
          resolveW(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          rejectW(e);
        },
      });
    });
  }

  request(msg, reply, timeoutMs) {
    const p = this.wait(reply, timeoutMs);
    this.proc.send(msg);
    return p;
  }

  async close() {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    try {
      await this.request({ type: 'close' }, 'closed', 10000);
    } catch {
      // fall through to the kill
    }
    await stopProcess(this.proc, 3000);
  }
}

/**
 * Splits the users into chat pairs (one socket each, both in the same load process, so a
 * latency never mixes two processes' clocks) and idle users holding the remaining
 * connections as tabs; balances the total per load process.
 */
function plan(users, o) {
  const chat = Math.min(o.chatUsers, users.length - (users.length % 2));
  const shares = Array.from({ length: o.processes }, () => []);
  for (let p = 0; p < chat / 2; p++) {
    const a = users[2 * p];
    const b = users[2 * p + 1];
    shares[p % o.processes].push(
      { id: a.id, auth: a.auth, role: 'chat', partner: b.id },
      { id: b.id, auth: b.auth, role: 'chat', partner: a.id },
    );
  }
  const idleUsers = users.length > chat ? users.slice(chat) : users;
  const rest = Math.max(0, o.connections - chat);
  for (let j = 0; j < rest; j++) {
    const u = idleUsers[j % idleUsers.length];
    let min = 0;
    for (let c = 1; c < shares.length; c++) if (shares[c].length < shares[min].length) min = c;
    shares[min].push({ id: u.id, auth: u.auth, role: 'idle' });
  }
  return { shares, chatUsers: chat, idleUsers: idleUsers === users ? 0 : idleUsers.length };
}

// ---------------------------------------------------------------- one run

const log = (kind) => (msg) => console.error(`[${kind}] ${msg}`);

async function runTarget(kind, o, tmpRoot) {
  const say = log(kind);
  const r = { kind, ok: false, error: null, unavailable: false };
  const children = [];
  let server = null;
  const t0 = performance.now();
  try {
    // 1. Server and users.
    let users;
    const watch = (srv) => {
      srv.proc.once('exit', (code, signal) => {
        if (!r.stopping) r.serverExit = `${signal || code}`;
      });
      return srv;
    };
    if (kind === 'reference') {
      server = watch(await startReference({ log: say }));
      users = Array.from({ length: o.users }, (_, i) => ({ id: i + 1, auth: { id: i + 1 } }));
    } else {
      server = watch(await startAula({
        bin: o.aulaBin,
        tmp: mkdtempSync(join(tmpRoot, 'aula-')),
        employees: Math.max(300, o.users + Math.ceil(o.users * 0.1) + 20),
        log: say,
      }));
      const login = await loginUsers(server, o.users, { log: say });
      users = login.users;
      r.loginSeconds = login.seconds;
      r.loginFailures = login.failures;
    }
    r.users = users.length;
    const { shares, chatUsers, idleUsers } = plan(users, o);
    r.chatUsers = chatUsers;
    r.idleUsers = idleUsers;
    r.target = shares.reduce((n, s) => n + s.length, 0);

    // 2. Load processes.
    for (let i = 0; i < o.processes; i++) children.push(new LoadProcess(i));
    await Promise.all(children.map((c) => c.ready));

    // 3. Baseline memory.
    await sleep(1000);
    await server.gc();
    r.rssBeforeKb = rssKb(server.pid);

    // 4. Connect.
    say(`connecting ${r.target} sockets from ${o.processes} load processes`);
    const perChildConcurrency = Math.max(1, Math.floor(o.connectConcurrency / o.processes));
    const connectBudget = Math.max(120_000, (r.target / perChildConcurrency) * 1000 + (o.connectTimeout + 5000) * (o.retries + 1) * 2);
    const tc = performance.now();
    const progress = setInterval(() => {
      const c = children.reduce((n, ch) => n + (ch.progress.connected || 0), 0);
      const f = children.reduce((n, ch) => n + (ch.progress.failed || 0), 0);
      const secs = (performance.now() - tc) / 1000;
      say(`connected ${c}/${r.target}, failed ${f} (${(c / secs).toFixed(0)}/s)`);
    }, 3000);
    let connected;
    try {
      connected = await Promise.all(
        children.map((c, i) =>
          c.request(
            {
              type: 'connect',
              url: server.url,
              origin: server.origin,
              items: shares[i],
              concurrency: perChildConcurrency,
              connectTimeoutMs: o.connectTimeout,
              retries: o.retries,
              keepaliveMs: o.keepalive * 1000,
            },
            'connected',
            connectBudget,
          ),
        ),
      );
    } finally {
      clearInterval(progress);
    }
    r.connectSeconds = (performance.now() - tc) / 1000;
    r.connected = connected.reduce((n, m) => n + m.connected, 0);
    r.failed = connected.reduce((n, m) => n + m.failed, 0);
    r.retried = connected.reduce((n, m) => n + m.retried, 0);
    r.connectErrors = mergeCounts(connected.map((m) => m.errors));
    r.activeChatUsers = connected.reduce((n, m) => n + m.activeChatUsers, 0);
    say(`connected ${r.connected}/${r.target} in ${r.connectSeconds.toFixed(1)} s, failed ${r.failed}${r.failed ? ` ${JSON.stringify(r.connectErrors)}` : ''}`);

    // 5. Idle memory.
    await sleep(o.settle * 1000);
    await server.gc();
    r.rssIdleKb = rssKb(server.pid);
    const idle = await statusAll(children);
    r.heldIdle = idle.connected;
    r.memPerConnKb = r.heldIdle > 0 && r.rssIdleKb !== null && r.rssBeforeKb !== null ? (r.rssIdleKb - r.rssBeforeKb) / r.heldIdle : null;
    say(`idle: ${r.heldIdle} held, server RSS ${mb(r.rssBeforeKb)} → ${mb(r.rssIdleKb)} MB, ${fmt(r.memPerConnKb, 2)} KB per connection`);

    // 6. Traffic.
    if (o.rate > 0 && r.activeChatUsers > 0) {
      say(`traffic: ${o.rate} msg/s for ${o.warmup} s warm-up + ${o.seconds} s between ${r.activeChatUsers} chat users`);
      const cpu0 = cpuMs(server.pid);
      const startAt = nowMs() + 1000;
      const w0 = performance.now();
      const perChildActive = connected.map((m) => m.activeChatUsers);
      const sendBudget = (o.warmup + o.seconds + o.drain) * 1000 + 60_000;
      const done = await Promise.all(
        children.map((c, i) =>
          c.request(
            {
              type: 'send',
              index: i,
              startAt,
              rate: (o.rate * perChildActive[i]) / r.activeChatUsers,
              warmupMs: o.warmup * 1000,
              measureMs: o.seconds * 1000,
              drainMs: o.drain * 1000,
              ackTimeoutMs: o.ackTimeout,
            },
            'send-done',
            sendBudget,
          ),
        ),
      );
      const wallMs = performance.now() - w0 - 1000;
      const cpu1 = cpuMs(server.pid);
      r.serverCpuPct = cpu0 !== null && cpu1 !== null ? ((cpu1 - cpu0) / wallMs) * 100 : null;
      r.loadCpuPct = (done.reduce((n, d) => n + d.cpuMs, 0) / wallMs) * 100;
      r.loadMaxElu = Math.max(...done.map((d) => d.elu));
      r.sent = sum(done, 'sent');
      r.sentWarm = sum(done, 'sentWarm');
      r.delivered = sum(done, 'delivered');
      r.deliveredWarm = sum(done, 'deliveredWarm');
      r.echoes = sum(done, 'echoes');
      r.unparsable = sum(done, 'unparsable');
      r.ackOk = sum(done, 'ackOk');
      r.ackTimeouts = sum(done, 'ackTimeouts');
      r.pendingAcks = sum(done, 'pendingAcks');
      r.ackErrors = mergeCounts(done.map((d) => d.ackErrors));
      r.ackErrorCount = Object.values(r.ackErrors).reduce((a, b) => a + b, 0);
      r.maxLagMs = Math.max(...done.map((d) => d.maxLagMs));
      const measuredMs = Math.max(...done.map((d) => d.measuredMs));
      r.achievedRate = measuredMs > 0 ? r.sent / (measuredMs / 1000) : null;
      r.persistedRate = measuredMs > 0 ? r.ackOk / (measuredMs / 1000) : null;
      r.latency = summarize(mergeHistograms(done.map((d) => d.hist)));
      r.ack = summarize(mergeHistograms(done.map((d) => d.ackHist)));
      say(`sent ${r.sent}, delivered ${r.delivered}, p50 ${fmt(r.latency.p50, 2)} ms, p99 ${fmt(r.latency.p99, 2)} ms, max ${fmt(r.latency.max, 2)} ms`);
    } else {
      say('traffic skipped (--rate 0 or no connected chat pair)');
    }

    // 7. After traffic.
    await server.gc();
    r.rssAfterKb = rssKb(server.pid);
    const after = await statusAll(children);
    r.heldAfter = after.connected;
    r.dropped = after.dropped;
    r.dropReasons = after.dropReasons;
    r.sessionEnded = after.sessionEnded;
    r.ok = true;
    if (r.serverExit) say(`the server exited during the run (${r.serverExit})`);
  } catch (err) {
    r.error = err?.message || String(err);
    r.unavailable = Boolean(err?.unavailable);
    say(`FAILED: ${r.error}`);
    if (server?.logTail && !r.unavailable) console.error(`[${kind}] last lines of the aula log:\n${server.logTail()}`);
  } finally {
    await Promise.all(children.map((c) => c.close()));
    r.stopping = true;
    if (server) await server.stop();
    delete r.stopping;
    r.wallSeconds = (performance.now() - t0) / 1000;
  }
  return r;
}

async function statusAll(children) {
  const s = await Promise.all(children.map((c) => c.request({ type: 'status' }, 'status', 15000)));
  return {
    connected: sum(s, 'connected'),
    dropped: sum(s, 'dropped'),
    dropReasons: mergeCounts(s.map((x) => x.dropReasons)),
    sessionEnded: mergeCounts(s.map((x) => x.sessionEnded)),
  };
}

const sum = (arr, key) => arr.reduce((n, x) => n + (Number(x[key]) || 0), 0);

function mergeCounts(list) {
  const out = {};
  for (const m of list) for (const [k, v] of Object.entries(m || {})) out[k] = (out[k] || 0) + v;
  return out;
}

// ---------------------------------------------------------------- report

function fmt(v, digits = 1) {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  return Number(v).toFixed(digits);
}
const mb = (kb) => (kb === null || kb === undefined ? '—' : (kb / 1024).toFixed(1));

function report(o, results) {
  const cols = results.map((r) => r.kind);
  const get = (kind) => results.find((r) => r.kind === kind);
  const rows = [];
  // [label, (r) => display, (r) => number for the ratio | null]
  const row = (label, show, value = null) => rows.push({ label, show, value });
  row('connections held (idle)', (r) => `${r.heldIdle ?? '—'}/${r.target ?? '—'}`, (r) => r.heldIdle);
  row('connections held (after traffic)', (r) => `${r.heldAfter ?? '—'}/${r.target ?? '—'}`, (r) => r.heldAfter);
  row('connect failures', (r) => `${r.failed ?? '—'}`);
  row('connect time (s)', (r) => fmt(r.connectSeconds), (r) => r.connectSeconds);
  row('server RSS before connecting (MB)', (r) => mb(r.rssBeforeKb), (r) => r.rssBeforeKb);
  row('server RSS idle-connected (MB)', (r) => mb(r.rssIdleKb), (r) => r.rssIdleKb);
  row('idle memory per connection (KB)', (r) => fmt(r.memPerConnKb, 2), (r) => r.memPerConnKb);
  row('server RSS after traffic (MB)', (r) => mb(r.rssAfterKb), (r) => r.rssAfterKb);
  row('messages delivered/sent', (r) => (r.sent === undefined ? '—' : `${r.delivered}/${r.sent}`));
  row('acks ok/error/timeout', (r) => (r.sent === undefined ? '—' : `${r.ackOk}/${r.ackErrorCount}/${r.ackTimeouts}`));
  row('achieved send rate (msg/s)', (r) => fmt(r.achievedRate), (r) => r.achievedRate);
  row('acked (persisted) rate (msg/s)', (r) => fmt(r.persistedRate), (r) => r.persistedRate);
  row('delivery p50 (ms)', (r) => fmt(r.latency?.p50, 2), (r) => r.latency?.p50);
  row('delivery p99 (ms)', (r) => fmt(r.latency?.p99, 2), (r) => r.latency?.p99);
  row('delivery p99.9 (ms)', (r) => fmt(r.latency?.p999, 2), (r) => r.latency?.p999);
  row('delivery max (ms)', (r) => fmt(r.latency?.max, 2), (r) => r.latency?.max);
  row('ack p99 (ms)', (r) => fmt(r.ack?.p99, 2), (r) => r.ack?.p99);
  row('server CPU during traffic (% core)', (r) => fmt(r.serverCpuPct, 0), (r) => r.serverCpuPct);
  row('load processes CPU (% core)', (r) => fmt(r.loadCpuPct, 0));
  row('load max event-loop use / send lag', (r) => (r.loadMaxElu === undefined ? '—' : `${fmt(r.loadMaxElu * 100, 0)}% / ${fmt(r.maxLagMs, 1)} ms`));

  const cell = (r, rw) => {
    if (!r) return '';
    if (!r.ok) return r.unavailable ? 'n/a' : 'failed';
    return rw.show(r);
  };
  const both = get('aula')?.ok && get('reference')?.ok;
  const header = ['', ...cols, ...(both ? ['aula/ref'] : [])];
  const table = rows.map((rw) => {
    const cells = [rw.label, ...results.map((r) => cell(r, rw))];
    if (both) {
      const a = rw.value?.(get('aula'));
      const b = rw.value?.(get('reference'));
      cells.push(rw.value && Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${(a / b).toFixed(2)}` : '');
    }
    return cells;
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((c) => String(c[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('   ');

  const out = [];
  out.push('');
  out.push(
    `Realtime load: ${o.connections} connections over ${o.processes} load processes; ${o.rate} chat msg/s for ${o.seconds} s ` +
      `(+${o.warmup} s warm-up) between ${results.find((r) => r.chatUsers)?.chatUsers ?? o.chatUsers} chat users in pairs; ${o.users} users in all`,
  );
  out.push('');
  if (results.some((r) => r.ok)) {
    out.push(line(header));
    out.push(line(header.map((h, i) => '-'.repeat(widths[i]))));
    for (const c of table) out.push(line(c));
    out.push('');
  }

  for (const r of results) {
    if (!r.ok) {
      out.push(`${r.kind}: ${r.unavailable ? 'not run' : 'FAILED'}: ${r.error}`);
      if (r.unavailable) out.push(`${r.kind}: build a binary with the realtime layer (cargo build --release) or point --aula-bin / AULA_BIN at one`);
      continue;
    }
    const notes = [];
    if (r.serverExit) notes.push(`THE SERVER EXITED during the run (${r.serverExit}); figures after that are meaningless`);
    if (r.failed) notes.push(`connect errors ${JSON.stringify(r.connectErrors)}`);
    if (r.dropped) notes.push(`dropped ${r.dropped} ${JSON.stringify(r.dropReasons)}`);
    if (Object.keys(r.sessionEnded || {}).length) notes.push(`session:ended ${JSON.stringify(r.sessionEnded)}`);
    if (r.ackErrorCount) notes.push(`ack errors ${JSON.stringify(r.ackErrors)}`);
    if (r.unparsable) notes.push(`${r.unparsable} chat:message without a timestamp`);
    if (r.loginFailures && Object.keys(r.loginFailures).length) notes.push(`login failures ${JSON.stringify(r.loginFailures)}`);
    if (r.sent !== undefined && r.delivered < r.sent) notes.push(`${r.sent - r.delivered} messages not delivered within the drain time`);
    if (notes.length) out.push(`${r.kind}: ${notes.join('; ')}`);
  }

  const aula = get('aula');
  if (aula?.ok) {
    // '----' when this run was too small to exercise the target.
    const mark = (exercised, ok) => (!exercised ? '----' : ok ? 'PASS' : 'MISS');
    out.push('Targets (aula, this machine; ---- = not exercised by these options):');
    out.push(
      `  ${mark(o.connections >= 15000, aula.heldIdle >= 15000 && aula.heldAfter >= 15000)}  15,000 concurrent authenticated connections: ${aula.heldIdle} idle, ${aula.heldAfter} after traffic`,
    );
    const p99 = aula.latency?.p99;
    out.push(
      `  ${mark(o.rate >= 1000, p99 !== null && p99 !== undefined && p99 < 25 && (aula.persistedRate ?? 0) >= 1000 * 0.98)}  p99 delivery < 25 ms at 1,000 persisted msg/s: p99 ${fmt(p99, 2)} ms at ${fmt(aula.persistedRate)} acked msg/s`,
    );
    out.push(`  ${mark(true, aula.memPerConnKb !== null && aula.memPerConnKb < 20)}  idle memory < 20 KB per connection: ${fmt(aula.memPerConnKb, 2)} KB`);
  }
  return out.join('\n');
}

// ---------------------------------------------------------------- main

let tmpRoot = null;
let keepTmp = false;

function cleanupSync() {
  for (const p of tracked) {
    try {
      p.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  if (tmpRoot && !keepTmp) {
    try {
      rmSync(tmpRoot, { recursive: true, force: true });
    } catch {
      // best effort
    }
  }
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  keepTmp = o.keepTmp;
  tmpRoot = mkdtempSync(join(tmpdir(), 'aula-load-'));
  process.on('exit', cleanupSync);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      console.error(`\n${sig}: stopping servers and load processes`);
      cleanupSync();
      process.exit(130);
    });
  }

  const kinds = o.only === 'both' ? ['reference', 'aula'] : [o.only];
  const results = [];
  for (const kind of kinds) {
    results.push(await runTarget(kind, o, tmpRoot));
    // Let the kernel settle (TIME_WAIT, freed memory) between runs.
    if (kind !== kinds.at(-1)) await sleep(2000);
  }
  // aula first in the table.
  results.sort((a, b) => (a.kind === 'aula' ? -1 : b.kind === 'aula' ? 1 : 0));
  console.log(report(o, results));
  if (o.json) {
    writeFileSync(o.json, `${JSON.stringify({ options: o, results, at: new Date().toISOString() }, null, 2)}\n`);
    console.error(`results written to ${o.json}`);
  }
  if (keepTmp) console.error(`temporary data kept in ${tmpRoot}`);
  process.exitCode = results.every((r) => r.ok && !r.serverExit) ? 0 : 1;
}

main().catch((err) => {
  console.error(err?.stack || String(err));
  cleanupSync();
  process.exit(1);
});
