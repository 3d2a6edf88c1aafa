import { DEFAULT_THEME, createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import i18n from 'i18next';
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

/** WCAG contrast ratio of two colours (1 … 21). */
export function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for normal-size text. A hair above 4.5 so rounding in the browser cannot fail it. */
export const MIN_CONTRAST = 4.6;
const WHITE: [number, number, number] = [255, 255, 255];
const DARK_TEXT = '#1a1b1e';
/** Mantine's gray 1, the darkest light background text sits on (table stripes, hover). */
const LIGHT_GRAY = '#f1f3f5';

/** Black or white, whichever reads better on the colour. */
export function readableOn(color: string | null | undefined): string {
  const rgb = parseHex(color);
  if (!rgb) return '#ffffff';
  return contrast(rgb, WHITE) >= contrast(rgb, parseHex(DARK_TEXT) as [number, number, number]) ? '#ffffff' : DARK_TEXT;
}

/**
 * The colour, darkened (same hue) just enough to reach `min` contrast against `against`;
 * unchanged when it already does. Used so company and palette colours carry readable text.
 */
export function darkenFor(color: string, against: string = '#ffffff', min = MIN_CONTRAST): string {
  const rgb = parseHex(color);
  const other = parseHex(against);
  if (!rgb || !other) return color;
  if (contrast(rgb, other) >= min) return toHex(rgb);
  if (contrast([0, 0, 0], other) < min) return '#000000';
  // Darkening towards black only raises the contrast against a lighter colour: bisect the
  // mix weight (the palettes are built at startup, where every millisecond shows).
  let low = 0;
  let high = 1;
  for (let i = 0; i < 10; i++) {
    const w = (low + high) / 2;
    if (contrast(mix(rgb, [0, 0, 0], w), other) >= min) high = w;
    else low = w;
  }
  // Rounding to whole channels may land a hair short: step on until it reads.
  for (let w = high; w <= 1; w += 0.01) {
    const candidate = parseHex(toHex(mix(rgb, [0, 0, 0], w))) as [number, number, number];
    if (contrast(candidate, other) >= min) return toHex(candidate);
  }
  return '#000000';
}

/**
 * A background and text pair from company settings that reads well: the text colour as set
 * (or the readable one), and the background darkened when light text does not reach AA on it.
 */
export function readablePair(
  background: string | null | undefined,
  text: string | null | undefined,
): { background: string | undefined; text: string | undefined } {
  const bg = parseHex(background);
  if (!bg) return { background: background ?? undefined, text: text ?? undefined };
  const fg = parseHex(text) ?? parseHex(readableOn(background));
  if (!fg || contrast(bg, fg) >= MIN_CONTRAST) return { background: toHex(bg), text: text || readableOn(background) };
  if (luminance(fg) > luminance(bg)) return { background: darkenFor(toHex(bg), toHex(fg)), text: toHex(fg) };
  return { background: toHex(bg), text: readableOn(background) };
}

/**
 * A Mantine palette whose shades carry text at WCAG AA, as Mantine uses them: filled
 * (shade 6, white text; 7 and 8 on hover), text colour `c="x"` (shade 6 on white) and the
 * light variant (shade 9 on shade 1). Failing shades get darker in the same hue.
 */
export function accessiblePalette(tuple: readonly string[]): MantineColorsTuple {
  const shades = [...tuple];
  // Against gray 1 rather than white: text in these colours also sits on striped and hovered
  // table rows and the page background.
  for (const i of [6, 7, 8]) shades[i] = darkenFor(shades[i] as string, LIGHT_GRAY);
  // Hover shades never lighter than the shade they darken.
  for (const i of [7, 8]) {
    const prev = parseHex(shades[i - 1]) as [number, number, number];
    if (luminance(parseHex(shades[i]) as [number, number, number]) > luminance(prev)) shades[i] = shades[i - 1] as string;
  }
  shades[9] = darkenFor(shades[9] as string, shades[1] as string);
  return shades as unknown as MantineColorsTuple;
}

/**
 * Mantine's palettes made readable. Gray also darkens shade 6 (Mantine's dimmed text) to
 * reach AA on the lightest grays the app uses as backgrounds (body, table headers), and
 * shade 5 (placeholders) to at least 4.5 on white.
 */
const ACCESSIBLE_COLORS: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors)
    .filter(([name]) => name !== 'dark')
    .map(([name, tuple]) => [name, accessiblePalette(tuple)]),
);
{
  const gray = [...(ACCESSIBLE_COLORS.gray as readonly string[])];
  gray[6] = darkenFor(gray[6] as string, gray[1] as string);
  gray[5] = darkenFor(gray[5] as string, '#ffffff', 4.5);
  ACCESSIBLE_COLORS.gray = gray as unknown as MantineColorsTuple;
}

/** Ten shades around a base colour (index 6 is the base, as Mantine expects). */
export function shadesOf(base: string): MantineColorsTuple {
  // Buttons carry white text on shade 6: a light company colour gets darker, same hue.
  const rgb = parseHex(darkenFor(base)) ?? (parseHex(DEFAULT_BRAND) as [number, number, number]);
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  const lighter = [0.92, 0.8, 0.65, 0.5, 0.32, 0.15].map((w) => toHex(mix(rgb, white, w)));
  const darker = [0.12, 0.25, 0.38].map((w) => toHex(mix(rgb, black, w)));
  return accessiblePalette([...lighter, toHex(rgb), ...darker]);
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

/** Texts the theme gives Mantine's own controls. */
export interface ThemeLabels {
  /** Accessible name of the close (×) button of every modal, drawer and toast (default: common's "Cerrar"). */
  close?: string;
}

/**
 * Props of every modal's and drawer's close (×) button: a name, read when the button renders
 * (the getter runs as Mantine spreads the props), so it follows the current language.
 */
function closeButtonProps(labels: ThemeLabels): { 'aria-label': string } {
  return {
    get 'aria-label'() {
      return labels.close ?? i18n.t('common:actions.close');
    },
  };
}

/** Mantine theme carrying the company colours. */
export function buildTheme(cia: Cia | undefined, labels: ThemeLabels = {}): MantineThemeOverride {
  const closeButton = closeButtonProps(labels);
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { ...ACCESSIBLE_COLORS, brand: shadesOf(brandColor(cia)) },
    fontFamily:
      'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", system-ui, -apple-system, sans-serif',
    defaultRadius: 'md',
    cursorType: 'pointer',
    focusRing: 'auto',
    components: {
      Button: { defaultProps: { radius: 'md' } },
      Modal: { defaultProps: { centered: true, radius: 'md', closeButtonProps: closeButton } },
      Drawer: { defaultProps: { closeButtonProps: closeButton } },
      // Toasts (notifications.show) too: a live notification can pop up on any screen.
      Notification: { defaultProps: { closeButtonProps: closeButton } },
      // Mantine's focus placeholder is a tabindex'd child of role="menu" that is not a
      // menuitem (axe: aria-required-children); without it focus goes to the first item.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // Mantine keeps every closed Select's list in the page (hidden) and positions it when
      // it mounts: a forced layout per Select (a table's filters and pager), ~0.5 s of a
      // throttled /menu/empleados. Mounted when opened, like the other popovers.
      Combobox: { defaultProps: { keepMounted: false } },
    },
  });
}
