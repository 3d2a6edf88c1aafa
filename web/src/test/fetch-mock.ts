import { vi } from 'vitest';

/** One recorded call to fetch. */
export interface RecordedCall {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Replaces global fetch with a router of `"METHOD /path"` → handler (the query string is
 * ignored for matching). Unknown routes answer 404 with the server's error shape.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // keep text
      }
    }
    const call = { method, url, headers, body };
    calls.push(call);
    const path = url.split('?')[0];
    const handler = routes[`${method} ${path}`];
    if (!handler) {
      return new Response(JSON.stringify({ resp: 'No encontrado', code: 'http.no_encontrado' }), { status: 404 });
    }
    return handler(call);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path) };
}
