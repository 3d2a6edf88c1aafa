/** The rules of spec §5 for a new password, in the order the checklist shows them. */
export const PASSWORD_RULES = [
  'length',
  'digits',
  'special',
  'upper',
  'lower',
  'match',
  'notEmployeeNumber',
] as const;

export type PasswordRule = (typeof PASSWORD_RULES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_DIGITS = 2;

export interface PasswordCheck {
  rule: PasswordRule;
  ok: boolean;
}

/**
 * Evaluates every rule: ≥ 8 characters, ≥ 2 digits, ≥ 1 special (non-alphanumeric),
 * ≥ 1 uppercase, ≥ 1 lowercase, equal to the repetition, and not the employee number.
 */
export function checkPassword(
  password: string,
  repeat: string,
  employeeNumber?: string | number | null,
): PasswordCheck[] {
  const digits = (password.match(/\p{Nd}/gu) ?? []).length;
  const employee = employeeNumber === null || employeeNumber === undefined ? '' : String(employeeNumber).trim();
  const results: Record<PasswordRule, boolean> = {
    length: [...password].length >= PASSWORD_MIN_LENGTH,
    digits: digits >= PASSWORD_MIN_DIGITS,
    special: /[^\p{L}\p{N}]/u.test(password),
    upper: /\p{Lu}/u.test(password),
    lower: /\p{Ll}/u.test(password),
    match: password.length > 0 && password === repeat,
    notEmployeeNumber: password.length > 0 && (employee === '' || password !== employee),
  };
  return PASSWORD_RULES.map((rule) => ({ rule, ok: results[rule] }));
}

/** True when every rule holds (Enviar is enabled only then). */
export function isPasswordValid(
  password: string,
  repeat: string,
  employeeNumber?: string | number | null,
): boolean {
  return checkPassword(password, repeat, employeeNumber).every((c) => c.ok);
}
