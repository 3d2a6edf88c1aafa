import { describe, expect, it } from 'vitest';
import { published } from '@/test/published-limits';
import { DESCRIPTION_MAX, NAME_MAX, TYPE_NAME_MAX } from './rules';

describe('block forms follow the limits the server publishes', () => {
  it('block name and description; block-type name', () => {
    expect(NAME_MAX).toBe(published('BloqueForm', 'nombre_bloque').maxLength);
    expect(DESCRIPTION_MAX).toBe(published('BloqueForm', 'descripcion').maxLength);
    expect(TYPE_NAME_MAX).toBe(published('NuevoTipo', 'nombre_tipo_bloque').maxLength);
  });
});
