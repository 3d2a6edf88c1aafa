/*
 * The courses API's shapes, by the server's schema names (generated client), plus the few
 * client-only types (code unions and table rows, which the table engine sends untyped).
 */
import type { Schema } from '@/lib/api/schema';

/** Course modalities (topic modality codes). */
export type Modalidad = 'PRESENCIAL' | 'VIRTUAL' | 'STREAMING' | 'E_LEARNING' | 'AUTOESTUDIO';

/** Evaluation models of a topic. */
export type ModeloEvaluacion = 'conocimiento' | 'teorico_practico' | 'ninguno';

/** How a course's meeting is made. */
export type ReunionTipo = 'ninguna' | 'manual' | 'jitsi' | 'teams';

export type SesionBody = Schema<'SesionBody'>;
export type CursoBody = Schema<'CursoBody'>;
export type CursoGuardado = Schema<'CursoGuardado'>;
export type CursoValores = Schema<'CursoValores'>;
export type SesionCurso = Schema<'SesionCurso'>;
export type PermisosCurso = Schema<'PermisosCurso'>;
export type MiInscripcion = Schema<'MiInscripcion'>;
export type CursoDetalle = Schema<'CursoDetalle'>;
export type EventoCalendario = Schema<'EventoCalendario'>;
export type SesionPanel = Schema<'SesionPanel'>;
export type ReunionSesion = Schema<'ReunionSesion'>;
export type InscripcionRechazada = Schema<'RechazoInscripcion'>;
export type ResultadoInscripcion = Schema<'ResultadoInscripcion'>;
export type ResultadoPendientes = Schema<'PendientesCurso'>;
export type ListaAsistencia = Schema<'ListaAsistencia'>;
export type CalificacionBody = Schema<'CalificacionParticipante'>;
export type EntregaActividad = Schema<'Entrega'>;
export type ActividadCurso = Schema<'ActividadConEntregas'>;
export type ActividadesCurso = Schema<'ActividadesCurso'>;
export type SolicitudVista = Schema<'SolicitudVista'>;
export type AceptarSolicitud = Schema<'AceptarSolicitud'>;
export type SolicitudCurso = Schema<'SolicitudCurso'>;
export type CursoInstructor = Schema<'CursoInstructor'>;
export type CierreCurso = Schema<'CierreCurso'>;
/** A plain `{resp}` answer. */
export interface Respuesta {
  resp: string;
}

/** 1 = did not attend, 2 = attended, null = not recorded. */
export type Asistencia = 1 | 2 | null;

/** A row of POST cursos/tabla (table engine rows are untyped in the document). */
export interface CursoFila {
  cve_curso: number;
  nombre_corto?: string | null;
  nombre_tema: string;
  modalidad: Modalidad;
  fecha_inicio: string;
  fecha_fin: string;
  instructor?: string | null;
  sede?: string | null;
  sala?: string | null;
  planta?: string | null;
  inscritos: number;
  capacidad: number;
  en_espera: number;
  estatus: string;
  curso_cerrado: string;
  costo_total: number;
  moneda: string;
  estatus_epv?: number | null;
}

/** A row of POST cursos/{cve_curso}/participantes/tabla. */
export interface ParticipanteFila {
  cve_inscripcion_ai: number;
  cve_empleado: number;
  num_empleado?: string | null;
  nombre_empleado: string;
  puesto?: string | null;
  estatus: string;
  turno_espera?: number | null;
  origen?: string | null;
  confirmado?: string | number | null;
  asistencias?: number | null;
  sesiones?: number | null;
  calificacion?: number | null;
  calificacion_practica?: number | null;
  calificacion_salida?: number | null;
  acreditado?: string | number | null;
  estatus_material?: string | null;
}

/** A row of POST cursos/solicitudes_curso/tabla. */
export interface SolicitudCursoFila {
  cve_solicitud_curso: number;
  nombre_tema: string;
  fecha_deseada: string;
  participantes: number;
  nombre_solicitante: string;
  /** When it was asked. */
  creado?: string | null;
  comentario?: string | null;
  estado: string;
  /** The course scheduled from it, once accepted. */
  cve_curso?: number | null;
}
