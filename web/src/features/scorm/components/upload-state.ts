import type { PaqueteScorm, ProgresoScorm } from '../api/types';

/**
 * The spec's states of a SCORM upload (§4 "Theme editing"): Subiendo archivo (n %) while the
 * browser sends, Solicitud enviada once the last byte left and the server has said nothing
 * yet, Procesando (n %) from the server's `scorm:progress` events, then Creado (201) or
 * Editado (200). A failure carries the server's message.
 */
export type UploadState =
  | { fase: 'inactiva' }
  | { fase: 'subiendo'; idCarga: string; avance: number }
  | { fase: 'enviada'; idCarga: string }
  | { fase: 'procesando'; idCarga: string; avance: number }
  | { fase: 'terminada'; creado: boolean; paquete: PaqueteScorm }
  | { fase: 'fallida'; mensaje: string };

export type UploadEvent =
  | { tipo: 'inicio'; idCarga: string }
  | { tipo: 'bytes'; enviados: number; total: number }
  | { tipo: 'enviada' }
  | { tipo: 'progreso'; evento: ProgresoScorm }
  | { tipo: 'respuesta'; status: number; creado: boolean; paquete: PaqueteScorm }
  | { tipo: 'falla'; mensaje: string }
  | { tipo: 'reinicio' };

export const IDLE: UploadState = { fase: 'inactiva' };

const clampPercent = (value: number) => Math.max(0, Math.min(100, Math.round(Number.isFinite(value) ? value : 0)));

/** True while an upload is under way (the form is locked). */
export function isBusy(state: UploadState): boolean {
  return state.fase === 'subiendo' || state.fase === 'enviada' || state.fase === 'procesando';
}

/** The `scorm:progress` payload is typed `unknown` by the socket layer: check its shape. */
export function isProgressEvent(value: unknown): value is ProgresoScorm {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id_carga === 'string' && typeof v.etapa === 'string' && typeof v.avance === 'number';
}

/** The next state of an upload. Events of another upload, or after the end, change nothing. */
export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.tipo) {
    case 'inicio':
      return { fase: 'subiendo', idCarga: event.idCarga, avance: 0 };
    case 'bytes':
      if (state.fase !== 'subiendo' || event.total <= 0) return state;
      return { ...state, avance: Math.max(state.avance, clampPercent((event.enviados / event.total) * 100)) };
    case 'enviada':
      // A processing event may come before the browser's own "upload done": never go back.
      return state.fase === 'subiendo' ? { fase: 'enviada', idCarga: state.idCarga } : state;
    case 'progreso': {
      if (state.fase !== 'subiendo' && state.fase !== 'enviada' && state.fase !== 'procesando') return state;
      if (event.evento.id_carga !== state.idCarga) return state;
      const { etapa } = event.evento;
      // 'error' is followed by the answer that carries the message: keep waiting for it.
      if (etapa !== 'procesando' && etapa !== 'guardando' && etapa !== 'listo') return state;
      const avance = etapa === 'listo' ? 100 : clampPercent(event.evento.avance);
      const before = state.fase === 'procesando' ? state.avance : 0;
      return { fase: 'procesando', idCarga: state.idCarga, avance: Math.max(before, avance) };
    }
    case 'respuesta':
      if (!isBusy(state)) return state;
      return { fase: 'terminada', creado: event.status === 201 || (event.status !== 200 && event.creado), paquete: event.paquete };
    case 'falla':
      return isBusy(state) ? { fase: 'fallida', mensaje: event.mensaje } : state;
    case 'reinicio':
      return IDLE;
  }
}

/** The line the panel shows for a state: an i18n key of the `scorm` namespace and its values. */
export function uploadStatusText(state: UploadState): { key: string; values?: Record<string, number> } | null {
  switch (state.fase) {
    case 'subiendo':
      return { key: 'upload.state.uploading', values: { percent: state.avance } };
    case 'enviada':
      return { key: 'upload.state.sent' };
    case 'procesando':
      return { key: 'upload.state.processing', values: { percent: state.avance } };
    case 'terminada':
      return { key: state.creado ? 'upload.state.created' : 'upload.state.edited' };
    default:
      return null;
  }
}

/** The progress bar's value: upload and processing each fill it once (null: no bar). */
export function progressValue(state: UploadState): number | null {
  switch (state.fase) {
    case 'subiendo':
    case 'procesando':
      return state.avance;
    case 'enviada':
    case 'terminada':
      return 100;
    default:
      return null;
  }
}
