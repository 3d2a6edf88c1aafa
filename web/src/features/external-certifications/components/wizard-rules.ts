/** The wizard's load types (spec §4): a spreadsheet, or one worker at a time. */
export type LoadType = 'masivo' | 'empleados';

/** The wizard's last step (0-based): Masivo has a third one, the file (spec §4). */
export function lastStep(tipo: LoadType | null): number {
  return tipo === 'empleados' ? 1 : 2;
}
