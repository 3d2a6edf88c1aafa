import type { Modalidad } from '../../api/types';
import { MODALITIES } from '../course-rules';

/** The spec's modality code: 1-based in the order of MODALITIES (0 when unknown). */
export function modalityCode(modalidad: Modalidad | string | null | undefined): number {
  return MODALITIES.indexOf(modalidad as Modalidad) + 1;
}

/** Spec §5: the DC-3 button is hidden for modality code 2 (virtual). */
export function carriesDc3(modalidad: Modalidad | string | null | undefined): boolean {
  return modalityCode(modalidad) !== 2;
}
