import { describe, expect, it } from 'vitest';
import { formatNumberIn } from './use-format';

describe('formatNumberIn', () => {
  it('groups thousands the way each language writes them', () => {
    expect(formatNumberIn('es', 15000)).toBe('15,000');
    expect(formatNumberIn('en', 1234567)).toBe('1,234,567');
    expect(formatNumberIn('pt', 15000)).toBe('15.000');
  });

  it('writes whole numbers below 1,000 as they are, and formats the rest', () => {
    expect(formatNumberIn('pt', 999)).toBe('999');
    expect(formatNumberIn('es', -12)).toBe('-12');
    expect(formatNumberIn('pt', 2.5)).toBe('2,5');
    expect(formatNumberIn('es', 5, { minimumFractionDigits: 2 })).toBe('5.00');
  });
});
