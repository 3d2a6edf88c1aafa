/** A day a date input can show (AAAA-MM-DD of a real day), else null. */
export function validDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  return date.getUTCFullYear() === y && date.getUTCMonth() + 1 === m && date.getUTCDate() === d ? value : null;
}

/**
 * A date typed in a date input as the screen shows it (dd/mm/aaaa) or as the API writes it
 * (aaaa-mm-dd), as AAAA-MM-DD; null while it is not a whole, real day (so that typing
 * '01/03/2' is not taken for some day of 2002). For Mantine's `dateParser`.
 */
export function parseTypedDate(input: string): string | null {
  const s = input.trim();
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  const iso = dmy ? `${dmy[3]}-${dmy[2]?.padStart(2, '0')}-${dmy[1]?.padStart(2, '0')}` : s;
  return validDay(iso);
}
