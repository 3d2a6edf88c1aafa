import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { missingDc3Data } from './dc3-rules';

describe('the missing data of a DC-3', () => {
  it("are read from `fields` in key order, else from the answer's numbered lines", () => {
    const withFields = new ApiError(422, {
      resp: 'El curso tiene datos incompletos\n1. b\n2. a',
      fields: { '10_firma_patron': 'La firma del patrón o representante legal', '04_ocupacion': 'La ocupación específica del trabajador' },
    });
    expect(missingDc3Data(withFields)).toEqual(['La ocupación específica del trabajador', 'La firma del patrón o representante legal']);
    const withoutFields = new ApiError(422, { resp: 'El curso tiene datos incompletos\n1. La CURP del trabajador\n2. El instructor del curso' });
    expect(missingDc3Data(withoutFields)).toEqual(['La CURP del trabajador', 'El instructor del curso']);
  });
});
