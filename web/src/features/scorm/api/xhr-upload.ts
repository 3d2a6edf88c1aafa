import { expireSession } from '@/lib/api/client';
import { ApiError, NetworkError, type ErrorBody } from '@/lib/api/errors';
import { getToken } from '@/lib/auth/session';
import { currentLanguage } from '@/lib/i18n';

/** What an upload reports while the browser sends the file. */
export interface UploadCallbacks {
  /** Bytes sent so far of `total` (the whole multipart body). */
  onProgress?: (loaded: number, total: number) => void;
  /** The last byte left the browser; the server's answer is still to come. */
  onUploaded?: () => void;
  signal?: AbortSignal;
}

/** A successful answer: its status (201 created, 200 replaced…) and its JSON body. */
export interface UploadAnswer<T> {
  status: number;
  body: T;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POSTs a multipart form with XMLHttpRequest, the one browser API that reports upload
 * progress (fetch does not). Same headers and error shape as the API client: a non-2xx
 * answer rejects with ApiError (a 401 also ends the session, as every call does), no answer
 * with NetworkError, an abort with an AbortError DOMException.
 */
export function uploadWithProgress<T>(url: string, form: FormData, { onProgress, onUploaded, signal }: UploadCallbacks = {}): Promise<UploadAnswer<T>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.upload.onload = () => onUploaded?.();

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.onload = () => {
      done();
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ status: xhr.status, body: body as T });
        return;
      }
      const error = new ApiError(xhr.status, typeof body === 'object' && body !== null ? (body as ErrorBody) : { resp: typeof body === 'string' ? body : undefined });
      if (xhr.status === 401) void expireSession(error.code ?? undefined);
      reject(error);
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError());
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    xhr.send(form);
  });
}
