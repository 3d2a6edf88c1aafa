/** The claims the web app reads from an Aula JWT; the signature is the server's business. */
export interface TokenPayload {
  cve_empleado?: number | string;
  num_empleado?: number | string;
  kind?: 'generico' | 'sesion' | 'restablecer' | string;
  sid?: string;
  exp?: number;
}

/** Tokens shorter than this are never treated as a stored session (spec §9). */
export const TOKEN_MIN_LENGTH = 100;

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes the payload of a JWT, or null when the text is not a readable JWT. */
export function decodeToken(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return payload && typeof payload === 'object' ? (payload as TokenPayload) : null;
  } catch {
    return null;
  }
}

/** True for the anonymous pre-login token (employee 0 or kind "generico"). */
export function isGenericToken(token: string | null | undefined): boolean {
  const payload = decodeToken(token);
  if (!payload) return false;
  return payload.kind === 'generico' || Number(payload.cve_empleado) === 0;
}

/** Spec §4: a stored token is worth validating when it is long enough and not the generic one. */
export function isValidatableSessionToken(token: string | null | undefined): token is string {
  return !!token && token.length > TOKEN_MIN_LENGTH && !isGenericToken(token);
}
