import type { PopulationLevel } from '../../api/population';

/** One step of the drill-down. */
export interface Step {
  nivel: PopulationLevel;
  cve: number;
  nombre: string;
}

/** The level shown under a step: N2 at the top, then one deeper (N7 at most). */
export function levelAfter(last: Step | undefined): number {
  if (!last || last.nivel === 'planta') return 2;
  return Math.min(7, last.nivel + 1);
}
