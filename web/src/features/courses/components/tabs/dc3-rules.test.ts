import { describe, expect, it } from 'vitest';
import { carriesDc3, modalityCode } from './dc3-rules';

describe('the DC-3 rules', () => {
  it("number the modalities in the spec's order and leave out code 2 (virtual)", () => {
    expect(['PRESENCIAL', 'VIRTUAL', 'STREAMING', 'E_LEARNING', 'AUTOESTUDIO'].map(modalityCode)).toEqual([1, 2, 3, 4, 5]);
    expect(['PRESENCIAL', 'VIRTUAL', 'STREAMING', 'E_LEARNING', 'AUTOESTUDIO'].map(carriesDc3)).toEqual([true, false, true, true, true]);
  });
});
