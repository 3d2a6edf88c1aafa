// Minimal socket.io 4.8 reference server for the load benchmark: the same rooms and events
// as Aula's chat (docs/realtime.md) with no authentication, no storage, no presence.
//
//   node reference-server.mjs [--port 0] [--host 127.0.0.1]
//
// - on connection the socket joins `emp:<auth.id>`;
// - `chat:send {para, mensaje, t?}` with an ack emits `chat:message {para, de, mensaje, t}`
//   to `emp:<para>` and acks `{ok: true}`.
// When forked with an IPC channel (run.mjs) it reports `{type: 'listening', port}` and
// answers `{type: 'gc'}` with `{type: 'gc-done'}` (it must run with --expose-gc for that).

import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { Server } from 'socket.io';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

const httpServer = createServer();
const io = new Server(httpServer, {
  path: '/socket.io',
  serveClient: false,
  transports: ['websocket', 'polling'],
});

io.on('connection', (socket) => {
  const id = socket.handshake.auth?.id;
  if (id !== undefined && id !== null) socket.join(`emp:${id}`);
  socket.on('chat:send', (payload, ack) => {
    const para = payload?.para;
    const mensaje = payload?.mensaje;
    if (para === undefined || para === null || typeof mensaje !== 'string' || mensaje.length === 0) {
      if (typeof ack === 'function') {
        ack({ ok: false, error: { code: 'validacion.campo_requerido', resp: 'Datos incompletos' } });
      }
      return;
    }
    io.to(`emp:${para}`).emit('chat:message', { para, de: id, mensaje, t: payload.t });
    if (typeof ack === 'function') ack({ ok: true });
  });
});

httpServer.listen({ port: Number(values.port), host: values.host, backlog: 4096 }, () => {
  const { port } = httpServer.address();
  if (process.send) {
    process.send({ type: 'listening', port });
  } else {
    console.log(`reference socket.io server listening on http://${values.host}:${port}`);
  }
});

if (process.send) {
  process.on('message', (msg) => {
    if (msg?.type === 'gc') {
      if (typeof globalThis.gc === 'function') {
        globalThis.gc();
        globalThis.gc();
      }
      process.send({ type: 'gc-done', forced: typeof globalThis.gc === 'function' });
    }
  });
  // The orchestrator went away: do not linger.
  process.on('disconnect', () => process.exit(0));
}

const stop = () => {
  io.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
