import { describe, expect, it } from 'vitest';
import { parseTypedDate, validDay } from './typed-date';

describe('typed dates', () => {
  it('takes a real day written dd/mm/aaaa or aaaa-mm-dd', () => {
    expect(parseTypedDate('5/3/2026')).toBe('2026-03-05');
    expect(parseTypedDate(' 2026-03-05 ')).toBe('2026-03-05');
  });

  it('refuses a part of a date or a day that does not exist', () => {
    expect(parseTypedDate('01/03/2')).toBeNull();
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(validDay('2026-13-01')).toBeNull();
    expect(validDay(null)).toBeNull();
  });
});
