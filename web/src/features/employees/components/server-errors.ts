import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isPlanChange } from '@/lib/api/client';
import { ApiError, isApiError } from '@/lib/api/errors';

/**
 * Puts a failed save where the user sees it: `fields` next to the form's inputs, a 409
 * `duplicado.*` under the field it names (`codeFields`), anything else as the returned
 * message (the server's `resp`). Null when the client is already ending the session (401,
 * plan change) or every problem sits next to its input.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  inputs: readonly Path<T>[],
  codeFields: Record<string, Path<T>> = {},
): string | null {
  if (isApiError(error, 401) || isPlanChange(error)) return null;
  if (!(error instanceof ApiError)) return errorMessage(error);
  const byCode = error.code ? codeFields[error.code] : undefined;
  if (byCode) {
    setError(byCode, { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
    return null;
  }
  if (error.fields) {
    const entries = Object.entries(error.fields).filter(([, message]) => !!message);
    const known = entries.filter(([field]) => (inputs as readonly string[]).includes(field));
    known.forEach(([field, message], i) => setError(field as Path<T>, { type: 'server', message }, { shouldFocus: i === 0 }));
    if (known.length > 0 && known.length === entries.length) return null;
  }
  return errorMessage(error);
}

/** True when the failure is the client's own session end (its dialog already shows). */
export function isSessionEnd(error: unknown): boolean {
  return isApiError(error, 401) || isPlanChange(error);
}
