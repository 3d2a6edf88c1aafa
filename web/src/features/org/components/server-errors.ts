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

/** The allowed characters of a name: letters, digits, spaces and basic punctuation. */
export const NAME_PATTERN = /^[\p{L}\p{N} .,\-'&()/#°]+$/u;
export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 500;
