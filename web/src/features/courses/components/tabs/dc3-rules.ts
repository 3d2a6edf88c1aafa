import type { ApiError } from '@/lib/api/errors';
import type { Modalidad } from '../../api/types';
import { MODALITIES } from '../course-rules';

/** Section that downloads the DC-3 of a course's participants. */
export const DC3_SECTION = 'cursos.constancias';

/** The spec's modality code: 1-based in the order of MODALITIES (0 when unknown). */
export function modalityCode(modalidad: Modalidad | string | null | undefined): number {
  return MODALITIES.indexOf(modalidad as Modalidad) + 1;
}

/** Spec §5: the DC-3 button is hidden for modality code 2 (virtual). */
export function carriesDc3(modalidad: Modalidad | string | null | undefined): boolean {
  return modalityCode(modalidad) !== 2;
}

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
