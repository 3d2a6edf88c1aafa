/** The validity date that means "never expires" (spec §4). */
export const NO_EXPIRY = '9999-12-31';

/** Whether a validity date is the "never expires" one. */
export function neverExpires(vigencia: string | null | undefined): boolean {
  return !!vigencia && vigencia.startsWith(NO_EXPIRY);
}
