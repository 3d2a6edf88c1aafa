import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, isPlanChange } from '@/lib/api/client';
import { ApiError, isApiError } from '@/lib/api/errors';

/** Where a failed save may put its message besides the inputs named in `fields`. */
export interface ServerErrorTargets<T extends FieldValues> {
  /** The input of an error code, e.g. `{ 'duplicado.curp': 'curp' }`; checked first. */
  codeFields?: Record<string, Path<T>>;
  /** The input of a 409 `duplicado.*` without `fields` (the catalogue's unique key). */
  conflictField?: Path<T>;
  /** Moves the focus to the first input that got a `fields` message (default true). */
  focus?: boolean;
}

/** True when the failure is the client's own session end (401, plan change: its dialog already shows). */
export function isSessionEnd(error: unknown): boolean {
  return isApiError(error, 401) || isPlanChange(error);
}

/**
 * Puts a failed save where the user sees it: an error code of `codeFields` under its input,
 * `fields` next to the form's inputs, a 409 `duplicado.*` on `conflictField`, anything else
 * (the server's `resp`, or the `errors` text of its code) as the returned message.
 * Returns null when the client is already ending the session (401, plan change) or when
 * every message found its input.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  inputs: readonly Path<T>[],
  { codeFields, conflictField, focus = true }: ServerErrorTargets<T> = {},
): string | null {
  if (isSessionEnd(error)) return null;
  if (!(error instanceof ApiError)) return errorMessage(error);
  const byCode = error.code ? codeFields?.[error.code] : undefined;
  if (byCode) {
    setError(byCode, { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
    return null;
  }
  if (error.fields) {
    const entries = Object.entries(error.fields).filter(([, message]) => !!message);
    const known = entries.filter(([field]) => (inputs as readonly string[]).includes(field));
    known.forEach(([field, message], index) =>
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: focus && index === 0 }),
    );
    if (known.length > 0 && known.length === entries.length) return null;
  }
  if (conflictField && error.status === 409 && !error.fields) {
    setError(conflictField, { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
    return null;
  }
  return errorMessage(error);
}

/** The message of a failure outside a form (null while the session is ending). */
export function failureMessage(error: unknown): string | null {
  if (isSessionEnd(error)) return null;
  return errorMessage(error);
}
