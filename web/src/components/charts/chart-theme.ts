import type { Cia } from '@/lib/company/types';

/** Spec §9: charts are 300 px high. */
export const CHART_HEIGHT = 300;

/** Text and grid colours of a chart, readable on white. */
export const CHART_TEXT = '#343a40';
export const CHART_GRID = '#e9ecef';

/**
 * Spec §9: the charts' palette of 7 colours, each at least 3:1 against white (WCAG 1.4.11)
 * and told apart by the table next to every chart, not by colour alone.
 */
export const PALETTE = ['#1864ab', '#2b8a3e', '#d9480f', '#862e9c', '#0b7285', '#c2255c', '#5f3dc4'] as const;

/** A colour of the palette by position, starting over after the seventh. */
export const paletteColor = (index: number): string => PALETTE[index % PALETTE.length] ?? PALETTE[0];

/** Hex colours only: a company value that is not one falls back to the palette. */
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The company's three chart colours (spec §2: color_1/2/3_grafica), else the palette's. */
export function companyChartColors(cia: Cia | undefined): [string, string, string] {
  const pick = (value: string | null | undefined, index: number) => (value && HEX.test(value.trim()) ? value.trim() : paletteColor(index));
  return [pick(cia?.color_1_grafica, 0), pick(cia?.color_2_grafica, 1), pick(cia?.color_3_grafica, 2)];
}
