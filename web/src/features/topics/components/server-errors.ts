import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isPlanChange } from '@/lib/api/client';
import { ApiError, isApiError } from '@/lib/api/errors';

/**
 * Puts a failed save where the user sees it: `fields` next to the form's inputs, a 409
 * `duplicado.*` on `conflictField` (the catalogue's unique key), anything else (the
 * server's `resp`, or the `errors` text of its code) as the returned message.
 * Returns null when the client is already ending the session (401, plan change) or when
 * every message found its input.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  inputs: readonly Path<T>[],
  conflictField?: Path<T>,
): string | null {
  if (isApiError(error, 401) || isPlanChange(error)) return null;
  if (error instanceof ApiError && error.fields) {
    const entries = Object.entries(error.fields).filter(([, message]) => !!message);
    const known = entries.filter(([field]) => (inputs as readonly string[]).includes(field));
    known.forEach(([field, message], index) =>
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
    if (known.length > 0 && known.length === entries.length) return null;
  }
  if (conflictField && error instanceof ApiError && error.status === 409 && !error.fields) {
    setError(conflictField, { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
    return null;
  }
  return errorMessage(error);
}

/** The message of a failure outside a form (null while the session is ending). */
export function failureMessage(error: unknown): string | null {
  if (isApiError(error, 401) || isPlanChange(error)) return null;
  return errorMessage(error);
}

/** The allowed characters of a catalogue name: letters, digits, spaces and basic punctuation. */
export const NAME_PATTERN = /^[\p{L}\p{N} .,\-'&()/#°:]+$/u;
export const NAME_MAX = 150;
export const DESCRIPTION_MAX = 2000;

/** An http(s) address. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
