/** Every localStorage key the web app owns, in one place so logout can clear them precisely. */
export const STORAGE_KEYS = {
  token: 'aula.token',
  user: 'aula.user',
  language: 'aula.lang',
  cart: 'aula.cart',
} as const;

/** Reads a key without throwing when storage is blocked (private mode, disabled cookies). */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or removes, when value is null) a key without throwing when storage is blocked. */
export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the session simply lives in memory for this tab.
  }
}
