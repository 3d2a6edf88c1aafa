import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { MIN_CONTRAST, accessiblePalette, contrast, darkenFor, parseHex } from './brand';

const rgb = (hex: string) => parseHex(hex) as [number, number, number];

describe('darkenFor', () => {
  it('keeps a colour that already reads on the background', () => {
    expect(darkenFor('#1c5d99')).toBe('#1c5d99');
  });

  it('darkens a light colour just enough to reach the contrast, in the same hue', () => {
    const darker = darkenFor('#fab005');
    expect(contrast(rgb(darker), rgb('#ffffff'))).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // Just enough: a step lighter would not read.
    const [r, g, b] = rgb(darker);
    const lighter: [number, number, number] = [r * 1.04, g * 1.04, b * 1.04];
    expect(contrast(lighter, rgb('#ffffff'))).toBeLessThan(MIN_CONTRAST);
    // Same hue: the channels keep their proportions (within rounding).
    expect(Math.abs(r / g - 0xfa / 0xb0)).toBeLessThan(0.03);
  });

  it('gives black when nothing darker reaches the contrast, and the colour when input is not hex', () => {
    expect(darkenFor('#777777', '#222222')).toBe('#000000');
    expect(darkenFor('var(--x)')).toBe('var(--x)');
  });
});

describe('accessiblePalette', () => {
  it('makes every palette shade 6 read on gray 1 (filled buttons, text colours)', () => {
    for (const [name, tuple] of Object.entries(DEFAULT_THEME.colors)) {
      if (name === 'dark') continue;
      const shades = accessiblePalette(tuple);
      expect(contrast(rgb(shades[6]), rgb('#f1f3f5')), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrast(rgb(shades[9]), rgb(shades[1])), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });
});
