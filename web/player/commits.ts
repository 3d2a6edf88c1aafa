/**
 * Commits to `POST /api/lanzamiento/{token}/commit`: the SCO's whole data model, flattened
 * to strings, with a sequence number that counts up from 1 on every page load (the server
 * ignores a commit whose sequence is not above the last one it applied, so a late answer
 * never overwrites a newer state).
 */
import { errorMessage } from './launch';

/** What the server answers to a commit. */
export interface CommitAnswer {
  aplicado: boolean;
  estado: string | null;
  calificacion: number | null;
  acreditado: boolean;
}

export interface CommitBody {
  item: string;
  secuencia: number;
  terminado: boolean;
  valores: Record<string, string>;
}

/** Why a commit did not go through: a network failure is retried, the others are final. */
export type CommitFailure =
  | { kind: 'network' }
  | { kind: 'invalid'; status: number; message: string | null };

/** Browsers refuse `keepalive` bodies over 64 KiB in flight; bigger ones go as plain requests. */
export const KEEPALIVE_LIMIT = 60 * 1024;

/** Retry delay after a network failure. */
export const RETRY_MS = 10_000;

/**
 * The flattened CMI as strings: scorm-again renders empty collections as `{}` and a few
 * values as numbers; only the elements with a value the SCO (or the launch) set make sense
 * to the server.
 */
export function toValores(flattened: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof flattened !== 'object' || flattened === null || Array.isArray(flattened)) return out;
  for (const [key, value] of Object.entries(flattened as Record<string, unknown>)) {
    if (!key.startsWith('cmi.') && !key.startsWith('adl.')) continue;
    if (typeof value === 'string') out[key] = value;
    else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') out[key] = String(value);
  }
  return out;
}

function parseAnswer(json: unknown): CommitAnswer {
  const body = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  return {
    aplicado: body.aplicado === true,
    estado: typeof body.estado === 'string' ? body.estado : null,
    calificacion: typeof body.calificacion === 'number' ? body.calificacion : null,
    acreditado: body.acreditado === true,
  };
}

export interface CommitSenderOptions {
  url: string;
  fetch: typeof fetch;
  onAnswer?: (body: CommitBody, answer: CommitAnswer) => void;
  onFailure?: (body: CommitBody, failure: CommitFailure) => void;
  /**
   * The highest sequence the server already applied for this launch (the launch answer's
   * `secuencia`): a reload of the same launch continues above it instead of starting again
   * at 1 and being ignored. Nothing is kept in the browser: the content origin's storage is
   * shared by every package, and a token there would let one package commit for another.
   */
  start?: number;
  /** Timer functions, replaceable in tests. */
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

/** Sends commits in order, one sequence per page load; remembers the newest failed one to retry. */
export class CommitSender {
  private sequence = 0;
  private inFlight = new Set<Promise<void>>();
  private retryHandle: unknown = null;
  private closed = false;
  private readonly opts: CommitSenderOptions;

  constructor(opts: CommitSenderOptions) {
    this.opts = opts;
    const start = opts.start ?? 0;
    this.sequence = Number.isSafeInteger(start) && start > 0 ? start : 0;
  }

  /** The last sequence number handed out. */
  get lastSequence(): number {
    return this.sequence;
  }

  /** False once the server said the launch is no longer valid: nothing more is sent. */
  get open(): boolean {
    return !this.closed;
  }

  /** Builds the next commit and sends it; returns the body (null when the launch is closed). */
  send(item: string, terminado: boolean, valores: Record<string, string>): CommitBody | null {
    if (this.closed) return null;
    this.sequence += 1;
    const body: CommitBody = { item, secuencia: this.sequence, terminado, valores };
    this.cancelRetry();
    this.track(this.post(body));
    return body;
  }

  /** Resolves once every commit sent so far has been answered (or failed). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private track(promise: Promise<void>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  private cancelRetry(): void {
    if (this.retryHandle !== null) (this.opts.clearTimeout ?? clearTimeout)(this.retryHandle as ReturnType<typeof setTimeout>);
    this.retryHandle = null;
  }

  private async post(body: CommitBody): Promise<void> {
    const json = JSON.stringify(body);
    const bytes = new TextEncoder().encode(json).length;
    let response: Response;
    try {
      response = await this.opts.fetch(this.opts.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: json,
        credentials: 'omit',
        cache: 'no-store',
        // Lets the last commit outlive the page (closing the course, moving to another item).
        keepalive: bytes <= KEEPALIVE_LIMIT,
      });
    } catch {
      this.failed(body, { kind: 'network' });
      return;
    }
    if (response.ok) {
      let answer: CommitAnswer;
      try {
        answer = parseAnswer(await response.json());
      } catch {
        answer = parseAnswer(null);
      }
      this.opts.onAnswer?.(body, answer);
      return;
    }
    if (response.status >= 500 || response.status === 429) {
      this.failed(body, { kind: 'network' });
      return;
    }
    // An unknown or expired launch stays so: stop sending rather than fail every few seconds.
    if (response.status === 404) this.closed = true;
    this.failed(body, { kind: 'invalid', status: response.status, message: await errorMessage(response) });
  }

  private failed(body: CommitBody, failure: CommitFailure): void {
    this.opts.onFailure?.(body, failure);
    // Each commit carries the whole data model, so only the newest one is worth retrying.
    if (failure.kind === 'network' && body.secuencia === this.sequence && !this.closed) {
      this.cancelRetry();
      this.retryHandle = (this.opts.setTimeout ?? setTimeout)(() => {
        this.retryHandle = null;
        if (body.secuencia === this.sequence && !this.closed) this.track(this.post(body));
      }, RETRY_MS);
    }
  }
}
