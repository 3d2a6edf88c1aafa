import type { Cia } from '@/lib/company/types';
import type { ModalidadMes } from '../api/dashboard-stats';

/** Spec §9: charts are 300 px high. */
export const CHART_HEIGHT = 300;
/** Spec §9: the donut's ring is 20 px wide. */
export const DONUT_WIDTH = 20;

/**
 * Spec §9: the charts' palette of 7 colours, each at least 3:1 against white (WCAG 1.4.11)
 * and told apart by the table next to every chart, not by colour alone.
 */
export const PALETTE = ['#1864ab', '#2b8a3e', '#d9480f', '#862e9c', '#0b7285', '#c2255c', '#5f3dc4'] as const;

/** A colour of the palette by position, starting over after the seventh. */
export const paletteColor = (index: number): string => PALETTE[index % PALETTE.length] ?? PALETTE[0];

/** Hex colours only: a company value that is not one falls back to the palette. */
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The modality bars' colours: the company's three chart colours (spec §2), else the palette's. */
export function modalityColors(cia: Cia | undefined): [string, string, string] {
  const pick = (value: string | null | undefined, index: number) => (value && HEX.test(value.trim()) ? value.trim() : paletteColor(index));
  return [pick(cia?.color_1_grafica, 0), pick(cia?.color_2_grafica, 1), pick(cia?.color_3_grafica, 2)];
}

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
