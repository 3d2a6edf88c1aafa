import type { ApiError } from '@/lib/api/errors';

/** Section that follows the DC-3s and downloads anyone's certificates within one's scope. */
export const CERTIFICATES_SECTION = 'cursos.constancias';

/**
 * The missing data of a 422 'El curso tiene datos incompletos', in the server's order: the
 * `fields` values by key ('01_…', '03_…'), else the numbered lines of `resp` after its first.
 */
export function missingDc3Data(error: ApiError): string[] {
  const fields = error.fields ?? {};
  const items = Object.keys(fields)
    .sort()
    .map((key) => fields[key]?.trim() ?? '')
    .filter(Boolean);
  if (items.length > 0) return items;
  return (error.resp ?? '')
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/^\s*\d+\.\s*/, '').trim())
    .filter(Boolean);
}
