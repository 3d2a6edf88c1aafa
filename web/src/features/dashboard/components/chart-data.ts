import type { ModalidadMes } from '../api/dashboard-stats';

/** Spec §9: the donut's ring is 20 px wide. */
export const DONUT_WIDTH = 20;

/** One month of the modality chart: January is 1. */
export interface MonthFigures {
  month: number;
  presencial: number;
  virtual: number;
  streaming: number;
}

/**
 * January to December whatever the server answered: a month it left out, or answered twice,
 * counts zero or once (spec §2: missing months are zero).
 */
export function twelveMonths(rows: readonly ModalidadMes[] | undefined): MonthFigures[] {
  return Array.from({ length: 12 }, (_, i) => {
    const row = rows?.find((r) => r.nummes === i + 1);
    return { month: i + 1, presencial: row?.presencial ?? 0, virtual: row?.virtual ?? 0, streaming: row?.streaming ?? 0 };
  });
}

/** The year the figures are of: the server's `period` (AAAA-MM), else this year. */
export function yearOf(rows: readonly ModalidadMes[] | undefined, today = new Date()): number {
  const year = Number(rows?.find((r) => /^\d{4}-\d{2}$/.test(r.period))?.period.slice(0, 4));
  return Number.isInteger(year) && year > 0 ? year : today.getFullYear();
}

/** A badge's name from its path (/insignias/oro.svg → oro), to describe the image. */
export function badgeName(path: string): string {
  return /([a-z]+)\.svg$/i.exec(path)?.[1]?.toLowerCase() ?? '';
}
