import { describe, expect, it } from 'vitest';
import type { PaqueteScorm } from '../api/types';
import { IDLE, isBusy, isProgressEvent, progressValue, uploadReducer, uploadStatusText, type UploadEvent, type UploadState } from './upload-state';

const PAQUETE = { id_paquete: 1, cve_tema: 7, clave_scorm: 'montacargas-12', version: '1.2', titulo: 'Montacargas' } as PaqueteScorm;

function run(...events: UploadEvent[]): UploadState {
  return events.reduce(uploadReducer, IDLE);
}

const progress = (etapa: string, avance: number, id_carga = 'c1'): UploadEvent => ({ tipo: 'progreso', evento: { id_carga, etapa: etapa as 'procesando', avance } });

describe('the SCORM upload states (spec §4: upload, request sent, processing, created or edited)', () => {
  it('goes Subiendo archivo (n %) → Solicitud enviada → Procesando (n %) → Creado', () => {
    const uploading = run({ tipo: 'inicio', idCarga: 'c1' }, { tipo: 'bytes', enviados: 25, total: 100 });
    expect(uploadStatusText(uploading)).toEqual({ key: 'upload.state.uploading', values: { percent: 25 } });
    const sent = uploadReducer(uploading, { tipo: 'enviada' });
    expect(uploadStatusText(sent)).toEqual({ key: 'upload.state.sent' });
    const processing = uploadReducer(sent, progress('procesando', 40));
    expect(uploadStatusText(processing)).toEqual({ key: 'upload.state.processing', values: { percent: 40 } });
    const created = uploadReducer(processing, { tipo: 'respuesta', status: 201, creado: true, paquete: PAQUETE });
    expect(uploadStatusText(created)).toEqual({ key: 'upload.state.created' });
    expect(isBusy(created)).toBe(false);
  });

  it('says Editado for a new version of the package (200)', () => {
    const edited = run({ tipo: 'inicio', idCarga: 'c1' }, { tipo: 'enviada' }, { tipo: 'respuesta', status: 200, creado: false, paquete: PAQUETE });
    expect(uploadStatusText(edited)).toEqual({ key: 'upload.state.edited' });
  });

  it("ignores another upload's events and events after the end", () => {
    const mine = run({ tipo: 'inicio', idCarga: 'c1' }, { tipo: 'enviada' }, progress('procesando', 60, 'otra'));
    expect(mine).toEqual({ fase: 'enviada', idCarga: 'c1' });
    const done = run({ tipo: 'inicio', idCarga: 'c1' }, { tipo: 'respuesta', status: 201, creado: true, paquete: PAQUETE }, progress('procesando', 10));
    expect(done.fase).toBe('terminada');
  });

  it('never goes back: late "upload done", older percentages and the bytes of a finished send change nothing', () => {
    const processing = run({ tipo: 'inicio', idCarga: 'c1' }, progress('procesando', 30), { tipo: 'enviada' }, progress('guardando', 20));
    expect(processing).toEqual({ fase: 'procesando', idCarga: 'c1', avance: 30 });
    const uploading = run({ tipo: 'inicio', idCarga: 'c1' }, { tipo: 'bytes', enviados: 80, total: 100 }, { tipo: 'bytes', enviados: 50, total: 100 });
    expect(progressValue(uploading)).toBe(80);
    expect(uploadReducer(processing, { tipo: 'bytes', enviados: 1, total: 100 })).toBe(processing);
  });

  it("takes 'listo' as 100 % and waits for the answer after 'error' (which carries the message)", () => {
    expect(run({ tipo: 'inicio', idCarga: 'c1' }, progress('listo', 0))).toEqual({ fase: 'procesando', idCarga: 'c1', avance: 100 });
    const failing = run({ tipo: 'inicio', idCarga: 'c1' }, { tipo: 'enviada' }, progress('error', 50));
    expect(failing.fase).toBe('enviada');
    const failed = uploadReducer(failing, { tipo: 'falla', mensaje: 'El paquete no tiene imsmanifest.xml' });
    expect(failed).toEqual({ fase: 'fallida', mensaje: 'El paquete no tiene imsmanifest.xml' });
    expect(uploadStatusText(failed)).toBeNull();
  });

  it('clamps percentages to 0–100', () => {
    expect(progressValue(run({ tipo: 'inicio', idCarga: 'c1' }, progress('procesando', 180)))).toBe(100);
    expect(progressValue(run({ tipo: 'inicio', idCarga: 'c1' }, { tipo: 'bytes', enviados: 5, total: 0 }))).toBe(0);
  });

  it('accepts only well-formed socket payloads', () => {
    expect(isProgressEvent({ id_carga: 'c1', etapa: 'procesando', avance: 5 })).toBe(true);
    expect(isProgressEvent({ id_carga: 3, etapa: 'procesando', avance: 5 })).toBe(false);
    expect(isProgressEvent(null)).toBe(false);
    expect(isProgressEvent('procesando')).toBe(false);
  });
});
