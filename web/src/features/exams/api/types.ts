/*
 * The exams API's shapes (docs/examenes.md). Hand-written: they mirror the server's OpenAPI
 * document field by field until the generated client (lib/api/schema.d.ts) includes the
 * exams domain; then these become aliases of `Schema<'…'>`.
 */

/** How a course exam (or a topic's definition) is drawn and timed. */
export interface ExamenConfig {
  num_preguntas: number;
  barajar_preguntas: boolean;
  barajar_opciones: boolean;
  /** Minutes; 0 = no limit, at most 600. */
  tiempo_estimado: number;
  /** Attempts allowed, 1–10. */
  intentos: number;
  /** At most 2,000 characters. */
  descripcion_examen: string | null;
}

/** Body of PUT temas/{cve_tema}/examen. */
export type ExamenTemaForm = ExamenConfig & {
  /** Only E_LEARNING topics: a self-service exam in the plan. */
  autoservicio: boolean;
};

/** GET temas/{cve_tema}/examen. */
export type ExamenTema = ExamenTemaForm & {
  cve_tema: number;
  /** false = the defaults are shown, nothing is stored. */
  configurado: boolean;
  preguntas_banco: number;
  abiertas_banco: number;
  /** conocimiento | teorico_practico | ninguno */
  modelo_evaluacion: string;
  /** The effective pass mark. */
  calificacion_minima: number | null;
  modalidad: string;
};

/** State of a course exam. */
export type EstadoExamen = 'generado' | 'asignado' | 'activo' | 'inactivo';

/** A participant's standing in a course exam. */
export type EstadoParticipanteExamen = 'sin_presentar' | 'en_curso' | 'por_revisar' | 'aprobado' | 'no_aprobado';

export interface ParticipanteExamen {
  cve_empleado: number;
  nombre: string;
  cve_inscripcion_ai: number;
  asignado: boolean;
  intentos_usados: number;
  estado: EstadoParticipanteExamen;
  calificacion: number | null;
}

/** GET cursos/{cve_curso}/examen (existe=false: `config` holds the topic's defaults). */
export interface ExamenCurso {
  cve_curso: number;
  existe: boolean;
  estado: EstadoExamen | null;
  config: ExamenConfig;
  preguntas_banco: number;
  modelo_evaluacion: string;
  calificacion_minima: number | null;
  /** The caller may activate / deactivate. */
  es_instructor: boolean;
  curso_abierto: boolean;
  participantes: ParticipanteExamen[];
}

/** Question types of the bank (statistics). */
export type TipoPregunta = 'unica' | 'multiple' | 'abierta';

/** GET cursos/{cve_curso}/examen/estadisticas. */
export interface EstadisticasExamen {
  presentados: number;
  aprobados: number;
  /** Percent. */
  promedio: number | null;
  tiempo_promedio_seg: number | null;
  /** 10 buckets of the percentage: 0–9 … 90–100. */
  distribucion: { desde: number; hasta: number; n: number }[];
  preguntas: {
    id_pregunta: number;
    pregunta: string;
    tipo: TipoPregunta;
    respondidas: number;
    correctas: number;
    porcentaje: number | null;
  }[];
}

/** A row of POST cursos/{cve_curso}/examen/resultados/tabla. */
export interface ResultadoExamenFila {
  participante: string;
  num_empleado: string | number | null;
  intento: number;
  inicio: string;
  entregado: string | null;
  duracion_seg: number | null;
  porcentaje: number | null;
  calificacion: number | null;
  estado: 'abierto' | 'por_revisar' | 'calificado';
}

/** A row of POST examenes/revision/tabla: an open answer waiting for its score. */
export interface RespuestaRevisionFila {
  id_respuesta: number;
  cve_curso: number;
  curso: string;
  fecha_curso: string | null;
  participante: string;
  pregunta: string;
  respuesta: string | null;
  entregado: string | null;
}

/** PUT examenes/revision/{id_respuesta}. */
export interface CalificacionRespuesta {
  resp: string;
  intento_calificado: boolean;
}

/** Question types as the participant's exam names them. */
export type TipoPreguntaExamen = 'Opción única' | 'Múltiples respuestas' | 'Abierta';

/** A question of an attempt, addressed by its position (never a bank id). */
export interface Pregunta {
  label: string;
  tipo_pregunta: TipoPreguntaExamen | string;
  /** Saved open text, '' when none. */
  respuesta: string;
  respuestas: { label: string; selected: boolean }[];
}

/** The attempt's facts (GET …/presentar_examen). */
export interface DetalleExamen {
  tiempo_estimado: number;
  descripcion_examen: string | null;
  nombre_tema: string;
  intento: number;
  intentos: number;
  int_rest: number;
  /** ISO UTC. */
  inicio: string;
  vence: string | null;
  segundos_restantes: number | null;
}

/** GET …/presentar_examen/{cve_curso}. */
export interface ExamenParticipante {
  preguntas: Pregunta[];
  detalle: DetalleExamen;
}

/** PUT …/presentar_examen/{cve_curso}/respuesta. */
export interface RespuestaGuardar {
  /** Position of the question (0-based, the attempt's order). */
  pregunta: number;
  /** Positions of the chosen options (0-based). */
  seleccion?: number[];
  /** Open text, at most 2,000 characters. */
  respuesta?: string;
}

export interface RespuestaGuardada {
  resp: string;
  guardado: string;
}

/** POST …/presentar_examen/{cve_curso}. */
export interface ResultadoExamen {
  resp: string;
  acreditado: boolean;
  int_rest: number;
  calificacion: number | null;
  pendiente_revision: boolean;
  fuera_de_tiempo: boolean;
}

/** Which exam of the plan: a course's, or a topic's self-service one (no course). */
export interface ExamTarget {
  cve_empleado: number;
  /** null: the self-service exam of `cve_tema`. */
  cve_curso: number | null;
  cve_tema: number;
}

/** Open answers are limited like the server's. */
export const OPEN_ANSWER_MAX = 2000;
export const DESCRIPTION_MAX = 2000;
export const MINUTES_MAX = 600;
export const ATTEMPTS_MAX = 10;
