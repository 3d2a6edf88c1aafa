// One load process of the realtime benchmark, forked by run.mjs (never run by hand).
// It holds its share of the socket.io connections and, for the chat pairs it owns, sends
// `chat:send` at a fixed rate and records send → `chat:message` latency in an HDR histogram.
// Both sockets of every chat pair live in this process, so latencies never mix clocks.
//
// Parent → child: {type:'connect', ...}, {type:'status'}, {type:'send', ...}, {type:'close'}
// Child → parent: progress, connected, status, send-done, closed, error

import { io } from 'socket.io-client';
import {
  encodeHistogram,
  newHistogram,
  nowMs,
  recordMs,
  sleep,
} from './lib/common.mjs';

if (!process.send) {
  console.error('client.mjs is a load process forked by run.mjs; run `node run.mjs --help`.');
  process.exit(2);
}

const send = (msg) => {
  try {
    process.send(msg);
  } catch {
    // Parent gone: the disconnect handler exits.
  }
};

process.on('disconnect', () => process.exit(0));
process.on('uncaughtException', (err) => {
  send({ type: 'error', message: err?.stack || String(err) });
  setTimeout(() => process.exit(1), 100);
});

/** @type {{item: any, socket: any, connected: boolean}[]} */
let conns = [];
let closing = false;
const counters = {
  dropped: 0,
  dropReasons: {},
  sessionEnded: {},
};

// Delivery accounting (chat sockets only).
const deliveryHist = newHistogram();
const ackHist = newHistogram();
const delivery = { delivered: 0, deliveredWarm: 0, echoes: 0, unparsable: 0 };
const TS = / t:(\d+(?:\.\d+)?)$/;

function bump(map, key) {
  map[key] = (map[key] || 0) + 1;
}

function onChatMessage(myId, m) {
  if (!m || String(m.para) !== myId) {
    // Aula also sends the message to the sender's own tabs.
    delivery.echoes++;
    return;
  }
  const text = typeof m.mensaje === 'string' ? m.mensaje : '';
  const match = TS.exec(text);
  if (!match) {
    delivery.unparsable++;
    return;
  }
  const latency = nowMs() - Number(match[1]);
  if (text.startsWith('hola w')) {
    delivery.deliveredWarm++;
    return;
  }
  delivery.delivered++;
  recordMs(deliveryHist, latency);
}

function attempt(opts, item) {
  return new Promise((resolve) => {
    const socket = io(opts.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: item.auth,
      forceNew: true,
      reconnection: false,
      timeout: opts.connectTimeoutMs,
      extraHeaders: opts.origin ? { Origin: opts.origin } : undefined,
    });
    let done = false;
    const guard = setTimeout(() => finish({ error: 'timeout (guard)' }), opts.connectTimeoutMs + 5000);
    function finish(result) {
      if (done) return;
      done = true;
      clearTimeout(guard);
      socket.off('connect', onConnect);
      socket.off('connect_error', onError);
      if (result.error) socket.close();
      resolve(result);
    }
    function onConnect() {
      finish({ socket });
    }
    function onError(err) {
      finish({ error: err?.message || String(err) });
    }
    socket.once('connect', onConnect);
    socket.once('connect_error', onError);
  });
}

// Refusals that a retry cannot fix.
const FINAL = new Set([
  'auth.sin_token',
  'auth.token_invalido',
  'auth.sesion_caducada',
  'auth.sesion_reemplazada',
  'auth.sesion_liberada',
  'auth.sesion_cerrada',
  'auth.origen_no_permitido',
]);

async function connectAll(opts) {
  const started = performance.now();
  const items = opts.items;
  conns = items.map((item) => ({ item, socket: null, connected: false }));
  let next = 0;
  let connected = 0;
  let failed = 0;
  let retried = 0;
  const errors = {};

  const progress = setInterval(() => send({ type: 'progress', connected, failed }), 1000);

  async function worker() {
    while (next < conns.length && !closing) {
      const conn = conns[next++];
      let result;
      for (let a = 0; a <= opts.retries; a++) {
        if (a > 0) {
          retried++;
          await sleep(250 * a);
        }
        result = await attempt(opts, conn.item);
        if (!result.error || FINAL.has(result.error)) break;
      }
      if (result.error) {
        failed++;
        bump(errors, result.error);
        continue;
      }
      const { socket } = result;
      conn.socket = socket;
      conn.connected = true;
      connected++;
      socket.on('disconnect', (reason) => {
        conn.connected = false;
        if (closing) return;
        counters.dropped++;
        bump(counters.dropReasons, reason);
      });
      socket.on('session:ended', (p) => bump(counters.sessionEnded, p?.code || 'desconocido'));
      if (conn.item.role === 'chat') {
        const myId = String(conn.item.id);
        socket.on('chat:message', (m) => onChatMessage(myId, m));
      }
    }
  }

  const workers = Math.max(1, Math.min(opts.concurrency, conns.length));
  await Promise.all(Array.from({ length: workers }, worker));
  clearInterval(progress);
  startKeepalive(opts.keepaliveMs);
  return {
    type: 'connected',
    connected,
    failed,
    retried,
    errors,
    ms: performance.now() - started,
    activeChatUsers: activeSenders().length,
  };
}

/**
 * Sessions end after 10 idle minutes and socket events count as activity, so one socket
 * per user sends a cheap `presence:get` every `everyMs`, staggered over the interval
 * (the first one after a full interval: a default-length run never sends any).
 */
let keepaliveTimer = null;
function startKeepalive(everyMs) {
  if (!everyMs || keepaliveTimer) return;
  const users = new Map();
  for (const c of conns) if (c.socket && !users.has(String(c.item.id))) users.set(String(c.item.id), c);
  const list = [...users.values()];
  if (list.length === 0) return;
  let i = 0;
  const delay = setTimeout(() => {
    keepaliveTimer = setInterval(() => {
      const c = list[i++ % list.length];
      if (c.connected && !closing) c.socket.emit('presence:get', { claves: [c.item.id] });
    }, Math.max(1, everyMs / list.length));
  }, everyMs);
  delay.unref?.();
}

/** Chat sockets whose partner socket (in this process) is connected too. */
function activeSenders() {
  const byId = new Map();
  for (const c of conns) if (c.item.role === 'chat') byId.set(String(c.item.id), c);
  const out = [];
  for (const c of conns) {
    if (c.item.role !== 'chat' || !c.connected) continue;
    const partner = byId.get(String(c.item.partner));
    if (partner && partner.connected) out.push(c);
  }
  return out;
}

function status() {
  return {
    type: 'status',
    connected: conns.reduce((n, c) => n + (c.connected ? 1 : 0), 0),
    dropped: counters.dropped,
    dropReasons: counters.dropReasons,
    sessionEnded: counters.sessionEnded,
  };
}

async function sendPhase(opts) {
  const senders = activeSenders();
  const result = {
    type: 'send-done',
    senders: senders.length,
    sent: 0,
    sentWarm: 0,
    ackOk: 0,
    ackErrors: {},
    ackTimeouts: 0,
    maxLagMs: 0,
    measuredMs: 0,
  };
  const delivered0 = { ...delivery };
  if (senders.length === 0 || opts.rate <= 0) {
    result.hist = encodeHistogram(deliveryHist);
    result.ackHist = encodeHistogram(ackHist);
    return { ...result, ...deltaDelivery(delivered0), cpuMs: 0, elu: 0 };
  }

  const wait = opts.startAt - nowMs();
  if (wait > 0) await sleep(wait);

  const cpu0 = process.cpuUsage();
  const elu0 = performance.eventLoopUtilization();
  const intervalMs = 1000 / opts.rate;
  const totalCount = Math.max(1, Math.round(((opts.warmupMs + opts.measureMs) * opts.rate) / 1000));
  const warmCount = Math.min(totalCount, Math.round((opts.warmupMs * opts.rate) / 1000));
  const t0 = performance.now();
  let k = 0; // messages issued so far; message k is due at t0 + k * intervalMs
  let pendingAcks = 0;
  let rr = 0;
  let firstMeasured = null;
  let lastMeasured = null;

  function sendOne(warm) {
    // Round-robin over the senders; skip any that dropped meanwhile.
    let conn = null;
    for (let i = 0; i < senders.length; i++) {
      const c = senders[rr++ % senders.length];
      if (c.connected) {
        conn = c;
        break;
      }
    }
    if (!conn) return false;
    const t = nowMs();
    const mensaje = `hola ${warm ? 'w' : ''}${opts.index}-${k} t:${t.toFixed(3)}`;
    if (warm) result.sentWarm++;
    else result.sent++;
    pendingAcks++;
    conn.socket.timeout(opts.ackTimeoutMs).emit('chat:send', { para: conn.item.partner, mensaje }, (err, res) => {
      pendingAcks--;
      if (warm) return;
      if (err) {
        result.ackTimeouts++;
      } else if (res && res.ok) {
        result.ackOk++;
        recordMs(ackHist, nowMs() - t);
      } else {
        bump(result.ackErrors, res?.error?.code || JSON.stringify(res)?.slice(0, 60) || 'sin respuesta');
      }
    });
    return true;
  }

  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - t0;
      const due = Math.min(Math.floor(elapsed / intervalMs) + 1, totalCount);
      while (k < due) {
        const now = performance.now();
        result.maxLagMs = Math.max(result.maxLagMs, now - (t0 + k * intervalMs));
        const warm = k < warmCount;
        if (!warm) {
          if (firstMeasured === null) firstMeasured = now;
          lastMeasured = now;
        }
        sendOne(warm);
        k++;
      }
      if (k >= totalCount) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  // Messages sent / (time from the first to the last measured send + one interval).
  result.measuredMs = firstMeasured === null ? 0 : lastMeasured - firstMeasured + intervalMs;

  // Drain: every message delivered and acknowledged, or the drain time is up.
  const drainUntil = performance.now() + opts.drainMs;
  while (performance.now() < drainUntil) {
    const d = deltaDelivery(delivered0);
    if (pendingAcks === 0 && d.delivered >= result.sent && d.deliveredWarm >= result.sentWarm) break;
    await sleep(20);
  }
  const cpu = process.cpuUsage(cpu0);
  const elu = performance.eventLoopUtilization(elu0);
  result.pendingAcks = pendingAcks;
  result.hist = encodeHistogram(deliveryHist);
  result.ackHist = encodeHistogram(ackHist);
  return {
    ...result,
    ...deltaDelivery(delivered0),
    cpuMs: (cpu.user + cpu.system) / 1000,
    elu: elu.utilization,
  };
}

function deltaDelivery(d0) {
  return {
    delivered: delivery.delivered - d0.delivered,
    deliveredWarm: delivery.deliveredWarm - d0.deliveredWarm,
    echoes: delivery.echoes - d0.echoes,
    unparsable: delivery.unparsable - d0.unparsable,
  };
}

async function closeAll() {
  closing = true;
  clearInterval(keepaliveTimer);
  for (const c of conns) {
    if (c.socket) c.socket.close();
  }
  await sleep(200);
}

process.on('message', async (msg) => {
  try {
    switch (msg?.type) {
      case 'connect':
        send(await connectAll(msg));
        break;
      case 'status':
        send(status());
        break;
      case 'send':
        send(await sendPhase(msg));
        break;
      case 'close':
        await closeAll();
        send({ type: 'closed' });
        setTimeout(() => process.exit(0), 50);
        break;
      default:
        send({ type: 'error', message: `unknown message ${JSON.stringify(msg)?.slice(0, 100)}` });
    }
  } catch (err) {
    send({ type: 'error', message: err?.stack || String(err) });
  }
});

send({ type: 'ready' });
