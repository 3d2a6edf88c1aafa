/** The launch the content origin answers at `GET /api/lanzamiento/{token}`, read defensively. */

export type ScormVersion = '1.2' | '2004';

/** One entry of the table of contents; `href` is null for a folder (not launchable). */
export interface LaunchItem {
  id: string;
  titulo: string;
  nivel: number;
  href: string | null;
  estado: string | null;
}

/** Flattened SCORM element → string value, as loaded into the runtime before Initialize. */
export type CmiValues = Record<string, string>;

export interface Launch {
  version: ScormVersion;
  titulo: string;
  modo: 'normal' | 'review';
  intento: number;
  base: string;
  inicio: string | null;
  items: LaunchItem[];
  datos: Record<string, CmiValues>;
  /** The attempt's status, when the server sends it. */
  estado: string | null;
  /** The highest commit sequence the server applied for this launch (0 before any). */
  secuencia: number;
}

export type LaunchResult =
  | { ok: true; launch: Launch }
  | { ok: false; reason: 'invalid'; message: string | null }
  | { ok: false; reason: 'network'; message: null };

/** The launch token of a `/jugar/{token}` path, or null for any other path. */
export function tokenFromPath(pathname: string): string | null {
  const match = /^\/jugar\/([A-Za-z0-9_-]{16,128})\/?$/.exec(pathname);
  return match?.[1] ?? null;
}

/** Where the player reads the launch and sends commits: relative, so always the content origin. */
export function launchUrl(token: string): string {
  return `/api/lanzamiento/${token}`;
}

export function commitUrl(token: string): string {
  return `${launchUrl(token)}/commit`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function parseValues(v: unknown): CmiValues {
  const out: CmiValues = {};
  if (!isRecord(v)) return out;
  for (const [key, value] of Object.entries(v)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
  }
  return out;
}

/** Checks the launch JSON's shape; throws on anything the player cannot run. */
export function parseLaunch(json: unknown): Launch {
  if (!isRecord(json)) throw new Error('launch: not an object');
  const version = json.version;
  if (version !== '1.2' && version !== '2004') throw new Error(`launch: unknown version ${String(version)}`);
  if (!Array.isArray(json.items)) throw new Error('launch: items missing');
  const items: LaunchItem[] = json.items.filter(isRecord).flatMap((raw) => {
    const id = str(raw.id);
    if (!id) return [];
    const nivel = typeof raw.nivel === 'number' && Number.isFinite(raw.nivel) ? Math.max(0, Math.floor(raw.nivel)) : 0;
    return [{ id, titulo: str(raw.titulo) ?? id, nivel, href: str(raw.href) || null, estado: str(raw.estado) || null }];
  });
  const datos: Record<string, CmiValues> = {};
  if (isRecord(json.datos)) {
    for (const [item, values] of Object.entries(json.datos)) datos[item] = parseValues(values);
  }
  return {
    version,
    titulo: str(json.titulo) ?? '',
    modo: json.modo === 'review' ? 'review' : 'normal',
    intento: typeof json.intento === 'number' ? json.intento : 1,
    base: str(json.base) ?? '',
    inicio: str(json.inicio),
    items,
    datos,
    estado: str(json.estado),
    secuencia:
      typeof json.secuencia === 'number' && Number.isSafeInteger(json.secuencia) && json.secuencia > 0 ? json.secuencia : 0,
  };
}

/** The server's `{resp}` message of an error answer, if it has one. */
export async function errorMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    return isRecord(body) && typeof body.resp === 'string' && body.resp.trim() ? body.resp : null;
  } catch {
    return null;
  }
}

/** Reads the launch. A 4xx answer (unknown or expired token) is `invalid`, with the server's message. */
export async function fetchLaunch(token: string, fetchImpl: typeof fetch): Promise<LaunchResult> {
  let response: Response;
  try {
    response = await fetchImpl(launchUrl(token), {
      cache: 'no-store',
      credentials: 'omit',
      headers: { Accept: 'application/json' },
    });
  } catch {
    return { ok: false, reason: 'network', message: null };
  }
  if (!response.ok) {
    if (response.status >= 500) return { ok: false, reason: 'network', message: null };
    return { ok: false, reason: 'invalid', message: await errorMessage(response) };
  }
  try {
    return { ok: true, launch: parseLaunch(await response.json()) };
  } catch {
    return { ok: false, reason: 'invalid', message: null };
  }
}
