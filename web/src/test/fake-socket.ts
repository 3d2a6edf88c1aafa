import type { SocketFactory, SocketLike, SocketOptions } from '@/lib/socket';

type Listener = (...args: unknown[]) => void;
type AckReply = unknown | ((payload: unknown) => unknown);

/** One emitted client call. */
export interface EmittedCall {
  event: string;
  payload: unknown;
  ack?: (answer: unknown) => void;
}

/**
 * A socket.io-client stand-in: records emits, answers calls from `replies`, and lets a test
 * raise server events. It never touches the network.
 */
export class FakeSocket implements SocketLike {
  connected = false;
  active = true;
  readonly emitted: EmittedCall[] = [];
  readonly replies = new Map<string, AckReply>();
  connectCalls = 0;
  disconnectCalls = 0;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly url = '', readonly options?: SocketOptions) {}

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as (answer: unknown) => void) : undefined;
    const payload = ack ? (args.length > 1 ? args[0] : undefined) : args[0];
    this.emitted.push({ event, payload, ack });
    if (ack && this.replies.has(event)) {
      const reply = this.replies.get(event);
      const answer = typeof reply === 'function' ? (reply as (p: unknown) => unknown)(payload) : reply;
      queueMicrotask(() => ack(answer));
    }
    return this;
  }

  connect(): this {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.disconnectCalls += 1;
    this.connected = false;
    this.active = false;
    return this;
  }

  /** Server side: raise an event (or `connect`, `connect_error`, `disconnect`). */
  serverEmit(event: string, ...args: unknown[]): void {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    this.listeners.get(event)?.forEach((l) => l(...args));
  }

  /** Server side: accept the handshake. */
  acceptHandshake(): void {
    this.serverEmit('connect');
  }

  /** Server side: refuse the handshake with an error code (like a middleware refusal). */
  refuseHandshake(code: string): void {
    this.active = false;
    this.serverEmit('connect_error', new Error(code));
  }

  /** Calls emitted for one event. */
  callsTo(event: string): EmittedCall[] {
    return this.emitted.filter((c) => c.event === event);
  }

  /** The token the connection authenticates with. */
  authToken(): string | undefined {
    let token: string | undefined;
    this.options?.auth((data) => {
      token = data.token;
    });
    return token;
  }
}

/** A factory that hands out FakeSockets and remembers them. */
export function fakeSocketFactory(): { factory: SocketFactory; sockets: FakeSocket[]; last: () => FakeSocket } {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (url, options) => {
    const socket = new FakeSocket(url, options);
    sockets.push(socket);
    return socket;
  };
  return {
    factory,
    sockets,
    last: () => {
      const s = sockets[sockets.length - 1];
      if (!s) throw new Error('no socket was created');
      return s;
    },
  };
}
