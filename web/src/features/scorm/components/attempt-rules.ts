/** Most attempts a topic may allow (0 = unlimited). */
export const MAX_ATTEMPTS = 99;

/** True for a whole number of attempts the server accepts. */
export function validAttempts(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_ATTEMPTS;
}
