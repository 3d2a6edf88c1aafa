import { PRI } from '@/lib/api/client';

/** Root of the structure combos of registration (público). */
export const COMBOS = `${PRI}/plan_capacitacion/capacitacion_institucional/alta_requerimientos/por_estructuras/combos`;

/** A value/label pair of a structure combo. */
export interface ComboOption {
  value: string | number;
  label: string;
}
