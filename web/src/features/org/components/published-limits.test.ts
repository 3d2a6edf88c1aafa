import { describe, expect, it } from 'vitest';
import { asSource, published } from '@/test/published-limits';
import { DESCRIPTION_MAX, NAME_MAX, NAME_PATTERN } from './rules';

describe('structure forms follow the limits the server publishes', () => {
  it('node, position and plant names; position description', () => {
    for (const [schema, field] of [
      ['NewNode', 'nombre'],
      ['NodeUpdate', 'nombre'],
      ['NewPosition', 'puesto'],
      ['PositionUpdate', 'puesto'],
      ['NewPlant', 'nombre'],
    ] as const) {
      expect(NAME_MAX, `${schema}.${field}`).toBe(published(schema, field).maxLength);
      expect(NAME_PATTERN.source, `${schema}.${field}`).toBe(asSource(published(schema, field).pattern));
    }
    expect(DESCRIPTION_MAX).toBe(published('NewPosition', 'descripcion').maxLength);
    expect(DESCRIPTION_MAX).toBe(published('PositionUpdate', 'descripcion').maxLength);
  });
});
