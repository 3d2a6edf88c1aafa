import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { setupI18n } from '@/test/utils';
import { applyServerError, failureMessage, isSessionEnd } from './server-errors';

type Values = { nombre: string; curp: string };

beforeAll(async () => {
  await setupI18n();
});

describe('applyServerError', () => {
  it('puts field messages next to their inputs, focusing the first one', () => {
    const setError = vi.fn();
    const error = new ApiError(422, { resp: 'Revisa', code: 'validacion.campo_requerido', fields: { nombre: 'Falta', curp: 'Mal' } });
    expect(applyServerError<Values>(error, setError, ['nombre', 'curp'])).toBeNull();
    expect(setError).toHaveBeenNthCalledWith(1, 'nombre', { type: 'server', message: 'Falta' }, { shouldFocus: true });
    expect(setError).toHaveBeenNthCalledWith(2, 'curp', { type: 'server', message: 'Mal' }, { shouldFocus: false });
  });

  it('leaves the focus alone with focus: false', () => {
    const setError = vi.fn();
    const error = new ApiError(422, { resp: 'Revisa', fields: { nombre: 'Falta' } });
    expect(applyServerError<Values>(error, setError, ['nombre'], { focus: false })).toBeNull();
    expect(setError).toHaveBeenCalledWith('nombre', { type: 'server', message: 'Falta' }, { shouldFocus: false });
  });

  it('returns the message when a field has no input of its own', () => {
    const setError = vi.fn();
    const error = new ApiError(422, { resp: 'Revisa los datos', fields: { nombre: 'Falta', otro: 'Mal' } });
    expect(applyServerError<Values>(error, setError, ['nombre'])).toBe('Revisa los datos');
    expect(setError).toHaveBeenCalledTimes(1);
  });

  it('puts a 409 duplicate on conflictField', () => {
    const setError = vi.fn();
    const error = new ApiError(409, { resp: 'Ya existe', code: 'duplicado.nombre' });
    expect(applyServerError<Values>(error, setError, ['nombre'], { conflictField: 'nombre' })).toBeNull();
    expect(setError).toHaveBeenCalledWith('nombre', { type: 'server', message: 'Ya existe' }, { shouldFocus: true });
    expect(applyServerError<Values>(error, vi.fn(), ['nombre'])).toBe('Ya existe');
  });

  it('puts an error code of codeFields under its input', () => {
    const setError = vi.fn();
    const error = new ApiError(409, { resp: 'La CURP ya existe', code: 'duplicado.curp' });
    expect(applyServerError<Values>(error, setError, ['curp'], { codeFields: { 'duplicado.curp': 'curp' } })).toBeNull();
    expect(setError).toHaveBeenCalledWith('curp', { type: 'server', message: 'La CURP ya existe' }, { shouldFocus: true });
  });

  it('says nothing while the session ends, and the message of anything else', () => {
    const setError = vi.fn();
    expect(applyServerError<Values>(new ApiError(401, { resp: 'Sesión caducada' }), setError, ['nombre'])).toBeNull();
    expect(applyServerError<Values>(new ApiError(409, { resp: 'Cambio de plan' }), setError, ['nombre'])).toBeNull();
    expect(applyServerError<Values>(new ApiError(500, { resp: 'Falló' }), setError, ['nombre'])).toBe('Falló');
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('failureMessage and isSessionEnd', () => {
  it('tell a session end from a failure', () => {
    expect(isSessionEnd(new ApiError(401, null))).toBe(true);
    expect(failureMessage(new ApiError(401, null))).toBeNull();
    expect(isSessionEnd(new ApiError(500, { resp: 'Falló' }))).toBe(false);
    expect(failureMessage(new ApiError(500, { resp: 'Falló' }))).toBe('Falló');
  });
});
