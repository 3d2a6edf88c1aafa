import type { AckError, ClientCalls } from './types';

/** What the ack wrapper needs of a socket (socket.io-client's Socket, or a fake in tests). */
export interface AckEmitter {
  emit(event: string, ...args: unknown[]): unknown;
}

/** Default wait for an ack. */
export const ACK_TIMEOUT_MS = 10_000;

/** A call the server answered with `{ok: false, error: {code, resp}}`, or could not make. */
export class RealtimeError extends Error {
  readonly code: string;
  readonly resp: string | undefined;

  constructor(code: string, resp?: string) {
    super(resp ?? code);
    this.name = 'RealtimeError';
    this.code = code;
    this.resp = resp;
  }
}

/** No ack arrived in time (server busy, or the socket is down). */
export class RealtimeTimeoutError extends RealtimeError {
  constructor(event: string) {
    super('realtime.tiempo_agotado');
    this.name = 'RealtimeTimeoutError';
    this.message = `No answer to ${event}`;
  }
}

export type CallName = keyof ClientCalls;
export type CallPayload<E extends CallName> = ClientCalls[E]['payload'];
export type CallAck<E extends CallName> = ClientCalls[E]['ack'] & { ok: true };

function isAckError(value: unknown): value is AckError {
  return !!value && typeof value === 'object' && (value as { ok?: unknown }).ok === false;
}

/**
 * Emits a client call and waits for its ack: `{ok: true, ...}` resolves, `{ok: false, error}`
 * rejects with a RealtimeError, silence past `timeoutMs` rejects with a RealtimeTimeoutError.
 * Calls without a payload (`chat:list`) send none, as the contract says.
 */
export function emitWithAck<E extends CallName>(
  socket: AckEmitter,
  event: E,
  payload: CallPayload<E>,
  timeoutMs: number = ACK_TIMEOUT_MS,
): Promise<CallAck<E>> {
  return new Promise<CallAck<E>>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      reject(new RealtimeTimeoutError(event));
    }, timeoutMs);
    const onAck = (answer: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (isAckError(answer)) {
        reject(new RealtimeError(answer.error?.code ?? 'realtime.error', answer.error?.resp));
      } else if (!answer || typeof answer !== 'object' || (answer as { ok?: unknown }).ok !== true) {
        reject(new RealtimeError('realtime.respuesta_invalida'));
      } else {
        resolve(answer as CallAck<E>);
      }
    };
    if (payload === undefined) socket.emit(event, onAck);
    else socket.emit(event, payload, onAck);
  });
}
