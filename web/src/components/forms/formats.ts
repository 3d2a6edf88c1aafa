// Field formats of the product, as the server's validate.rs checks them, so the client
// says no before a round trip.

/** Alphanumeric names: letters, digits, spaces and basic punctuation. */
export const NAME_PATTERN = /^[\p{L}\p{N} .,\-'&()/#°]+$/u;
/** RFC: 12 (company) or 13 (person) characters in the official format, upper case. */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{2}[A\d]$/;

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
