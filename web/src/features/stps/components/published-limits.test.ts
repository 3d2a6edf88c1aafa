import { describe, expect, it } from 'vitest';
import { asSource, published } from '@/test/published-limits';
import * as rules from './rules';

describe('STPS forms follow the limits the server publishes', () => {
  it('employer registration, names, RFC, address and workers', () => {
    for (const schema of ['EmpresaBody', 'Establecimiento'] as const) {
      expect(rules.EMPLOYER_REGISTRATION_PATTERN.source).toBe(asSource(published(schema, 'registro_patronal').pattern));
      expect(rules.EMPLOYER_REGISTRATION_MAX).toBe(published(schema, 'registro_patronal').maxLength);
    }
    expect(rules.NAME_MAX).toBe(published('NuevoRepresentante', 'nombre').maxLength);
    expect(rules.NAME_MAX).toBe(published('RepresentanteUpdate', 'puesto').maxLength);
    expect(rules.NAME_PATTERN.source).toBe(asSource(published('Establecimiento', 'nombre').pattern));
    expect(rules.COMPANY_NAME_MAX).toBe(published('EmpresaBody', 'razon_social').maxLength);
    expect(rules.RFC_PATTERN.source).toBe(asSource(published('EmpresaBody', 'rfc').pattern));
    expect(rules.TEXT_MAX).toBe(published('Establecimiento', 'domicilio').maxLength);
    expect(rules.WORKERS_MIN).toBe(published('EmpresaBody', 'num_trabajadores').minimum);
    expect(rules.WORKERS_MAX).toBe(published('EmpresaBody', 'num_trabajadores').maximum);
  });
});
