import { describe, expect, it } from 'vitest';
import { defaultDateRange } from './date-range';

describe('shell date filter', () => {
  it('defaults to three months back and one month ahead, as yyyy-mm-dd', () => {
    expect(defaultDateRange(new Date(2026, 10, 20))).toEqual({ start: '2026-08-20', end: '2026-12-20' });
    expect(defaultDateRange(new Date(2026, 0, 31))).toEqual({ start: '2025-10-31', end: '2026-02-28' });
  });
});
