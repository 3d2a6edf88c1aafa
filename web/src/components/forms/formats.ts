// Field helpers shared by the forms. Field formats and limits come from the server's
// published contract (src/lib/api/limits.ts), read by each feature's rules.

/** Trimmed text, or null when empty (optional fields). */
export function optional(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** An http(s) address. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
