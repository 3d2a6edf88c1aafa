import { describe, expect, it } from 'vitest';
import { asSource, published } from '@/test/published-limits';
import * as rules from './rules';

describe('resource forms follow the limits the server publishes', () => {
  it('names, person names, phone, e-mail, user, RFC, STPS registration, address, URL and capacity', () => {
    for (const [schema, field] of [
      ['Institucion', 'nombre'],
      ['Institucion', 'contacto'],
      ['Instructor', 'nombre'],
      ['Instructor', 'especialidad'],
      ['Sede', 'nombre'],
    ] as const) {
      expect(rules.NAME_MAX, `${schema}.${field}`).toBe(published(schema, field).maxLength);
    }
    expect(rules.NAME_PATTERN.source).toBe(asSource(published('Institucion', 'nombre').pattern));
    expect(rules.NAME_PATTERN.source).toBe(asSource(published('Instructor', 'especialidad').pattern));
    expect(rules.PERSON_NAME_PATTERN.source).toBe(asSource(published('Instructor', 'nombre').pattern));
    expect(rules.PHONE_PATTERN.source).toBe(asSource(published('Institucion', 'telefono').pattern));
    expect(rules.PHONE_MAX).toBe(published('Institucion', 'telefono').maxLength);
    expect(rules.EMAIL_PATTERN.source).toBe(asSource(published('Instructor', 'correo').pattern));
    expect(rules.EMAIL_MAX).toBe(published('Instructor', 'correo').maxLength);
    expect(rules.USER_PATTERN.source).toBe(asSource(published('Instructor', 'usuario').pattern));
    expect(rules.USER_MAX).toBe(published('Instructor', 'usuario').maxLength);
    expect(rules.RFC_PATTERN.source).toBe(asSource(published('Instructor', 'rfc').pattern));
    expect(rules.STPS_PATTERN.source).toBe(asSource(published('Instructor', 'registro_stps').pattern));
    expect(rules.STPS_MAX).toBe(published('Instructor', 'registro_stps').maxLength);
    expect(rules.TEXT_MAX).toBe(published('Sede', 'direccion').maxLength);
    expect(rules.URL_MAX).toBe(published('Sede', 'url_mapa').maxLength);
    expect(rules.ROOM_NAME_MAX).toBe(published('Sala', 'nombre').maxLength);
    expect(rules.CAPACITY_MIN).toBe(published('Sala', 'capacidad').minimum);
    expect(rules.CAPACITY_MAX).toBe(published('Sala', 'capacidad').maximum);
  });

  it('a phone needs the server\'s seven digits, dashes aside', () => {
    expect(rules.PHONE_PATTERN.test('81-123-4')).toBe(false);
    expect(rules.PHONE_PATTERN.test('81-1234-5')).toBe(true);
    expect(rules.PHONE_PATTERN.test('81 1234 5678')).toBe(false);
  });
});
