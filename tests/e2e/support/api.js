// Direct calls to the REST API (to look up data a test needs) and the e-mail outbox.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PASSWORD, eventually } from './browser.js';

/** One JSON call to the API; throws with the status and body when it is not 2xx. */
export async function apiCall(baseUrl, method, route, { token, body } = {}) {
  const headers = { Accept: 'application/json', 'Accept-Language': 'es' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  if (!res.ok) throw new Error(`${method} ${route} → ${res.status}: ${text}`);
  return json;
}

/** Logs a demo user in through the API and returns their `User` record (curp, num_empleado…). */
export async function fetchUser(baseUrl, usuario, { password = DEMO_PASSWORD, clienteDemo = 1 } = {}) {
  const { token } = await apiCall(baseUrl, 'GET', '/api/pub/token/generico');
  const { jwt } = await apiCall(baseUrl, 'POST', '/api/pri/login', {
    token,
    body: { usuario, password, clienteDemo },
  });
  const [user] = await apiCall(baseUrl, 'POST', '/api/pri/usuarios/login', { token: jwt, body: { tokenfcm: '' } });
  // Leave no web session open behind the browser's back.
  await apiCall(baseUrl, 'DELETE', `/api/pri/usuarios/sesiones/eliminar/${user.cve_empleado}/web`, {
    token: jwt,
  }).catch(() => undefined);
  return user;
}

/**
 * The session token of the user signed in on `page` (what the web app sends as bearer), so
 * a test can read or prepare data through the API without opening a second session: a new
 * login would end the browser's one (`auth.sesion_reemplazada`).
 */
export async function sessionToken(page) {
  const stored = await page.evaluate(() => window.localStorage.getItem('aula.token'));
  if (!stored) throw new Error('no session token in localStorage (aula.token): sign in first');
  try {
    const parsed = JSON.parse(stored);
    return typeof parsed === 'string' ? parsed : stored;
  } catch {
    return stored;
  }
}

/** Decodes a quoted-printable body: soft line breaks and =XX bytes (UTF-8). */
export function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Every .eml in the outbox as `{ file, raw, to, text }` (text = decoded body). */
export async function readOutbox(outboxDir) {
  let names;
  try {
    names = await readdir(outboxDir);
  } catch {
    return [];
  }
  const mails = [];
  for (const file of names.filter((n) => n.endsWith('.eml'))) {
    const raw = await readFile(path.join(outboxDir, file), 'utf8');
    const to = /^To:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '';
    mails.push({ file, raw, to, text: decodeQuotedPrintable(raw) });
  }
  return mails;
}

/** Waits for an e-mail to `recipient` that `matches` and returns it. */
export async function waitForMail(outboxDir, recipient, matches = () => true, options) {
  return eventually(
    async () => (await readOutbox(outboxDir)).find((m) => m.to.includes(recipient) && matches(m)),
    `an e-mail to ${recipient} in ${outboxDir}`,
    options,
  );
}
