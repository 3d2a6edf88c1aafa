// The formats mirror the server's validate.rs, so the client says no before a round trip
// (the shared ones, NAME_PATTERN, RFC_PATTERN and optional, are in @/components/forms).

/** A person's name: letters only (with spaces, apostrophes, dots and hyphens between words). */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}]+(?:[ .'-]+[\p{L}\p{M}]+)*\.?$/u;
/** Phone of an institution: digits, optionally grouped with dashes. */
export const PHONE_PATTERN = /^\d+(?:-\d+)*$/;
export const PHONE_MIN_DIGITS = 8;
export const PHONE_MAX_DIGITS = 15;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX = 150;
export const NAME_MAX = 120;
export const TEXT_MAX = 300;
export const URL_MAX = 500;
export const CAPACITY_MIN = 1;
export const CAPACITY_MAX = 10_000;

/** Digits in a phone number (dashes aside). */
export function phoneDigits(value: string): number {
  return value.replace(/\D/g, '').length;
}

/** True for an absolute http(s) address. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}
