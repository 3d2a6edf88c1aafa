import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { Cia } from '../company/types';

/** Aula's own blue, used until (or unless) the company sets its colours. */
export const DEFAULT_BRAND = '#1c5d99';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parses #rgb / #rrggbb into channels, or null. */
export function parseHex(value: string | null | undefined): [number, number, number] | null {
  const match = value ? HEX.exec(value.trim()) : null;
  if (!match?.[1]) return null;
  let hex = match[1];
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const n = parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: [number, number, number], b: [number, number, number], weight: number): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * weight, a[1] + (b[1] - a[1]) * weight, a[2] + (b[2] - a[2]) * weight];
}

/** WCAG relative luminance (0 black … 1 white). */
export function luminance(rgb: [number, number, number]): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on the colour. */
export function readableOn(color: string | null | undefined): string {
  const rgb = parseHex(color);
  if (!rgb) return '#ffffff';
  return luminance(rgb) > 0.45 ? '#1a1b1e' : '#ffffff';
}

/** Ten shades around a base colour (index 6 is the base, as Mantine expects). */
export function shadesOf(base: string): MantineColorsTuple {
  const rgb = parseHex(base) ?? (parseHex(DEFAULT_BRAND) as [number, number, number]);
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  const lighter = [0.92, 0.8, 0.65, 0.5, 0.32, 0.15].map((w) => toHex(mix(rgb, white, w)));
  const darker = [0.12, 0.25, 0.38].map((w) => toHex(mix(rgb, black, w)));
  return [...lighter, toHex(rgb), ...darker] as unknown as MantineColorsTuple;
}

/**
 * The company's brand colour: the header's, else the menu's, else the login button's,
 * provided it is dark enough to carry white text (a white header would make invisible buttons).
 */
export function brandColor(cia: Cia | undefined): string {
  for (const candidate of [cia?.color_fondo_header, cia?.color_fondo_menu, cia?.home_button_color]) {
    const rgb = parseHex(candidate);
    if (rgb && luminance(rgb) < 0.6 && luminance(rgb) > 0.02) return toHex(rgb);
  }
  return DEFAULT_BRAND;
}

/** Mantine theme carrying the company colours. */
export function buildTheme(cia: Cia | undefined): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: shadesOf(brandColor(cia)) },
    fontFamily:
      'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", system-ui, -apple-system, sans-serif',
    defaultRadius: 'md',
    cursorType: 'pointer',
    focusRing: 'auto',
    components: {
      Button: { defaultProps: { radius: 'md' } },
      Modal: { defaultProps: { centered: true, radius: 'md' } },
    },
  });
}
