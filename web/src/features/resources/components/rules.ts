import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isPlanChange } from '@/lib/api/client';
import { ApiError, isApiError } from '@/lib/api/errors';

/**
 * Puts a failed save where the user sees it: `fields` next to the form's inputs, anything
 * else (the server's `resp`, or the `errors` text of its code) as the returned message.
 * Returns null when the client is already ending the session (401, plan change).
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  inputs: readonly Path<T>[],
): string | null {
  if (isApiError(error, 401) || isPlanChange(error)) return null;
  if (error instanceof ApiError && error.fields) {
    const entries = Object.entries(error.fields).filter(([, message]) => !!message);
    const known = entries.filter(([field]) => (inputs as readonly string[]).includes(field));
    for (const [field, message] of known) setError(field as Path<T>, { type: 'server', message });
    if (known.length > 0 && known.length === entries.length) return null;
  }
  return errorMessage(error);
}

// The formats mirror the server's validate.rs, so the client says no before a round trip.

/** Alphanumeric names: letters, digits, spaces and basic punctuation. */
export const NAME_PATTERN = /^[\p{L}\p{N} .,\-'&()/#°]+$/u;
/** A person's name: letters only (with spaces, apostrophes, dots and hyphens between words). */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}]+(?:[ .'-]+[\p{L}\p{M}]+)*\.?$/u;
/** Phone of an institution: digits, optionally grouped with dashes. */
export const PHONE_PATTERN = /^\d+(?:-\d+)*$/;
export const PHONE_MIN_DIGITS = 8;
export const PHONE_MAX_DIGITS = 15;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX = 150;
/** RFC: 12 (company) or 13 (person) characters in the official format, upper case. */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{2}[A\d]$/;
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

/** Trimmed text, or null when empty (optional fields). */
export function optional(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** Spec §5/§9 and the contract: images are png, gif or jpeg under 8 MB. */
export const IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** Why a file cannot be uploaded as an image, or null when it can. */
export function imageProblem(file: File): 'type' | 'size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return null;
}
