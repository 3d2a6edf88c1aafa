/** The one error shape of the server: `{resp, code, fields?}` (docs/api-contract.md). */
export interface ErrorBody {
  resp?: string;
  res?: string;
  code?: string;
  fields?: Record<string, string>;
}

/** A non-2xx answer from the server. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly resp: string | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, body: ErrorBody | null) {
    super(body?.resp ?? body?.res ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.resp = body?.resp ?? body?.res;
    this.fields = body?.fields;
  }
}

/** The request never reached the server (offline, DNS, CORS, aborted proxy). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network error');
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

/** True when the error is an ApiError with one of the given statuses. */
export function isApiError(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
}
