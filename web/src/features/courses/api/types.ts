/*
 * The courses API's shapes, by the server's schema names. They stand in until the generated
 * client (`@/lib/api/schema`) has them: then each becomes `export type X = Schema<'X'>` and the
 * compiler points at every field that differs.
 */

/** Course modalities (topic modality codes). */
export type Modalidad = 'PRESENCIAL' | 'VIRTUAL' | 'STREAMING' | 'E_LEARNING' | 'AUTOESTUDIO';

/** Evaluation models of a topic. */
export type ModeloEvaluacion = 'conocimiento' | 'teorico_practico' | 'ninguno';

/** How a course's meeting is made. */
export type ReunionTipo = 'ninguna' | 'manual' | 'jitsi' | 'teams';

/** One session as the form sends it: local date and times of the company. */
export interface SesionBody {
  fecha: string;
  hora_inicio: string;
  hora_fin: string;
}

/** POST cursos/programar and PUT cursos/{cve_curso}. Money in centavos. */
export interface CursoBody {
  cve_tema: number;
  nombre_corto?: string | null;
  modalidad: Modalidad;
  sesiones: SesionBody[];
  cve_planta?: number | null;
  cve_sede?: number | null;
  cve_sala?: number | null;
  cve_instructor?: number | null;
  cve_analista?: number | null;
  capacidad: number;
  dias_acceso: number;
  autoinscripcion: boolean;
  epv: boolean;
  moneda: 'MXN' | 'USD';
  tipo_cambio: number;
  costo_instructor: number;
  costo_coffee_break: number;
  costo_impresiones: number;
  costo_renta_sala: number;
  costo_otros: number;
  reunion_tipo: ReunionTipo;
  reunion_url?: string | null;
  cve_solicitud_curso?: number | null;
  copia_de?: number | null;
}

/** Answer of create / edit. */
export interface CursoGuardado {
  resp: string;
  cve_curso: number;
  reunion_url?: string | null;
}

/** GET cursos/programar/valores/{cve_tema}: the form's defaults from the topic. */
export interface CursoValores {
  cve_tema: number;
  nombre_tema?: string | null;
  modalidad: Modalidad;
  capacidad: number;
  min_participantes?: number | null;
  modelo_evaluacion: ModeloEvaluacion;
  calificacion_minima?: number | null;
  calificacion_minima_practica?: number | null;
  dias_acceso: number;
  tipo_cambio: number;
  moneda: 'MXN' | 'USD';
  requiere_sala: boolean;
  requiere_instructor: boolean;
  horas_sesion?: number | null;
  dias_duracion?: number | null;
}

/** A session of a course. `inicio` / `fin` are UTC instants. */
export interface SesionCurso {
  id_sesion: number;
  numero: number;
  fecha: string;
  hora_inicio: string;
  hora_fin: string;
  inicio: string;
  fin: string;
}

/** What the caller may do with a course. */
export interface PermisosCurso {
  editar: boolean;
  inscribir: boolean;
  evaluar: boolean;
}

/** The caller's own place in a course. */
export interface MiInscripcion {
  cve_inscripcion_ai: number;
  estatus: string;
  turno_espera?: number | null;
  confirmado?: string | null;
}

/** GET cursos/by/id/{cve_curso}. */
export interface CursoDetalle {
  cve_curso: number;
  cve_tema: number;
  nombre_tema: string;
  abreviatura?: string | null;
  nombre_corto?: string | null;
  modalidad: Modalidad;
  estatus: string;
  fecha_inicio: string;
  fecha_fin: string;
  cve_planta?: number | null;
  nombre_planta?: string | null;
  cve_sede?: number | null;
  nombre_sede?: string | null;
  cve_sala?: number | null;
  nombre_sala?: string | null;
  cve_instructor?: number | null;
  nombre_instructor?: string | null;
  instructor_interno?: boolean | null;
  cve_analista?: number | null;
  nombre_analista?: string | null;
  capacidad: number;
  inscritos: number;
  lugares_disponibles: number;
  en_espera: number;
  dias_acceso: number;
  autoinscripcion: boolean | number;
  epv?: boolean | number | null;
  estatus_epv?: number | null;
  modelo_evaluacion: ModeloEvaluacion;
  calificacion_minima?: number | null;
  calificacion_minima_practica?: number | null;
  moneda: 'MXN' | 'USD';
  tipo_cambio: number;
  costo_instructor: number;
  costo_coffee_break: number;
  costo_impresiones: number;
  costo_renta_sala: number;
  costo_otros: number;
  costo_total: number;
  reunion_tipo?: ReunionTipo | null;
  reunion_url?: string | null;
  curso_cerrado: string;
  lista_asistencia: boolean;
  motivo_cancelacion?: string | null;
  sesiones: SesionCurso[];
  permisos: PermisosCurso;
  mi_inscripcion?: MiInscripcion | null;
}

/** A row of POST cursos/tabla. */
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

/** GET cursos/calendario: one session of a course. */
export interface EventoCalendario {
  id_sesion: number;
  cve_curso: number;
  titulo: string;
  nombre_tema: string;
  modalidad: Modalidad;
  estatus: string;
  inicio: string;
  fin: string;
  fecha: string;
  hora_inicio: string;
  hora_fin: string;
  sede?: string | null;
  sala?: string | null;
  instructor?: string | null;
  capacidad: number;
  inscritos: number;
  lugares_disponibles: number;
  inscrito: boolean;
  en_espera: boolean;
  autoinscripcion: boolean;
}

/** GET cursos/panel: one of today's sessions. */
export interface SesionPanel {
  id_sesion: number;
  cve_curso: number;
  numero?: number | null;
  nombre_curso: string;
  modalidad: Modalidad;
  hora_inicio: string;
  hora_fin: string;
  sede?: string | null;
  sala?: string | null;
  instructor?: string | null;
  reunion_url?: string | null;
  inscritos: number;
  confirmados: number;
  asistencia_registrada: number;
}

/** GET cursos/reuniones: an online session today or in the next 30 days. */
export interface ReunionSesion {
  id_sesion: number;
  cve_curso: number;
  nombre_curso: string;
  modalidad: Modalidad;
  fecha: string;
  hora_inicio: string;
  hora_fin: string;
  inicio: string;
  fin: string;
  instructor?: string | null;
  reunion_tipo?: ReunionTipo | null;
  reunion_url: string;
}

/** One employee the enrolment refused, and why. */
export interface InscripcionRechazada {
  cve_empleado: number;
  nombre_empleado?: string | null;
  code: string;
  motivo: string;
}

/** POST cursos/{cve_curso}/inscribir. */
export interface ResultadoInscripcion {
  resp: string;
  inscritos: number[];
  en_espera: number[];
  rechazados: InscripcionRechazada[];
}

/** POST cursos/{cve_curso}/inscribir_pendientes. */
export interface ResultadoPendientes {
  resp: string;
  candidatos: number;
  libres: number;
  inscritos?: number | null;
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

/** 1 = did not attend, 2 = attended, null = not recorded. */
export type Asistencia = 1 | 2 | null;

/** GET cursos/{cve_curso}/asistencia. */
export interface ListaAsistencia {
  sesiones: SesionCurso[];
  participantes: {
    cve_inscripcion_ai: number;
    cve_empleado: number;
    nombre_empleado: string;
    asistencias: { id_sesion: number; asistencia: Asistencia }[];
  }[];
}

/** One grade row of PUT cursos/{cve_curso}/evaluacion. */
export interface CalificacionBody {
  cve_inscripcion_ai: number;
  calificacion?: number | null;
  calificacion_practica?: number | null;
  calificacion_salida?: number | null;
}

/** A participant's submission of an activity. */
export interface EntregaActividad {
  id_entrega: number;
  cve_inscripcion_ai: number;
  nombre_empleado?: string | null;
  texto?: string | null;
  enlace?: string | null;
  archivo_url?: string | null;
  fecha_entrega?: string | null;
  calificacion?: number | null;
  comentario?: string | null;
}

/** GET cursos/{cve_curso}/actividades: one activity. */
export interface ActividadCurso {
  id_actividad_curso: number;
  nombre: string;
  descripcion?: string | null;
  tipo: string;
  limite_caracteres?: number | null;
  fecha_entrega?: string | null;
  entregas: EntregaActividad[];
}

/** Two-step enrolment request as the notification carries it (spec §3). */
export interface SolicitudVista {
  idsolicitud: number;
  cve_empleado: number;
  nombre_empleado: string;
  cve_supervisor?: number | null;
  nombre_supervisor?: string | null;
  cve_analista?: number | null;
  nombre_analista?: string | null;
  cve_instructor?: number | null;
  nombre_instructor?: string | null;
  cve_curso: number;
  nombre_curso: string;
  fecha_curso?: string | null;
  horario_curso?: string | null;
  nombre_sala?: string | null;
  link_confirmar?: string | null;
  link_rechazar?: string | null;
  subject?: string | null;
  /** 1 pending, 2 rejected, 3 accepted. */
  estatus: number;
  etapa: 'coordinador' | 'analista' | string;
  puede_resolver: boolean;
}

/** POST solicitudes/aceptar/{idsolicitud}. */
export interface AceptarSolicitud {
  resp: number | string;
  mensaje: string;
  etapa: string;
  estatus: number;
}

/** A course-date request (GET cursos/getSolicitudCurso). */
export interface SolicitudCurso {
  cve_solicitud_curso: number;
  cve_solicitud: number;
  estado: 'Pendiente' | 'Rechazado' | 'Aceptado' | string;
  cve_tema: number;
  nombre_tema: string;
  fecha_deseada: string;
  participantes: number;
  empleados: { cve_empleado: number; nombre_empleado: string }[];
  comentario?: string | null;
  solicitado_por: number;
  nombre_solicitante: string;
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

/** GET dashboard/cursos_instructor: a course the caller teaches (spec §3 Instructor course). */
export interface CursoInstructor {
  cve_curso: number;
  nombre: string;
  nombre_nombre_corto?: string | null;
  fecha_curso: string;
  comentarios_instructor?: string | null;
  curso_cerrado: string;
}

/** POST cursos/{cve_curso}/cerrar. */
export interface CierreCurso {
  resp: string;
  acreditados: number;
  no_acreditados: number;
}

/** A plain `{resp}` answer. */
export interface Respuesta {
  resp: string;
}
