/**
 * The player's address from a launch answer, or null when it must not be framed: only an
 * http(s) `/jugar/<token>` page of another origin than the app's. Package scripts run in
 * that frame with `allow-same-origin`, so framing the app's own origin would hand them the
 * session: the web refuses it even if a server were misconfigured.
 */
export function playerUrl(value: unknown, appOrigin: string): string | null {
  if (typeof value !== 'string' || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin === appOrigin) return null;
  if (!/^\/jugar\/[A-Za-z0-9_-]+\/?$/.test(url.pathname)) return null;
  return url.href;
}
