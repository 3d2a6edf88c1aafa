/** The validity of a certificate that does not expire. */
export const NO_EXPIRY = '9999-12-31';

/** The states a certificate may be in, with the colour of each badge. */
export const STATE_COLORS: Record<string, string> = {
  vigente: 'green',
  vencido: 'orange',
  revocado: 'red',
};

/** A typed code without case, spaces or hyphens. */
function rawCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** Whether a typed code can be one: twelve letters and digits, hyphens and spaces aside. */
export function looksLikeCode(input: string): boolean {
  return /^[0-9A-Z]{12}$/.test(rawCode(input));
}

/**
 * A typed code as the address shows it: capitals grouped by four (XXXX-XXXX-XXXX). The
 * server takes it lowercase or without hyphens too; this only keeps the address readable.
 */
export function tidyCode(input: string): string {
  const raw = rawCode(input);
  return looksLikeCode(raw) ? `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}` : raw;
}
