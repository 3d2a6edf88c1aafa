// Hand-written: these types mirror the server's surveys and ratings document until the
// generated client (web/src/lib/api/schema.d.ts) is regenerated with the surveys domain.

/** A survey question with its four answer options (spec: Survey). */
export interface PreguntaEncuesta {
  id_pregunta?: number;
  /** ≤ 500. */
  pregunta: string;
  /** Each ≤ 200, all four required. */
  respuesta1: string;
  respuesta2: string;
  respuesta3: string;
  respuesta4: string;
}

/** Body of POST/PUT encuestas_cursos. */
export interface EncuestaForm {
  /** ≤ 150, unique. */
  nombre: string;
  descripcion: string | null;
  activa: boolean;
  /** 1–30. */
  preguntas: PreguntaEncuesta[];
  /** Topics it applies to (a topic has at most one template). */
  temas: number[];
}

/** A course survey template. */
export interface Encuesta extends EncuestaForm {
  id_encuesta: number;
  respuestas: number;
  temas_detalle: { cve_tema: number; nombre_tema: string }[];
}

/** One row of encuestas_cursos/tabla. */
export interface EncuestaRow {
  id_encuesta: number;
  nombre: string;
  preguntas: number;
  temas: number;
  respuestas: number;
  activa: string | number | boolean;
}

/** Filters of POST encuestas_cursos/resultados (dates on the course's first session). */
export interface ResultadosFiltro {
  cve_instructor?: number;
  cve_tema?: number;
  id_encuesta?: number;
  desde?: string;
  hasta?: string;
}

/** Body of POST/PUT configuracion/encuestas. */
export interface EncuestaDashboardForm {
  /** Title ≤ 150. */
  encuesta: string;
  /** AAAA-MM-DD, desde ≤ hasta. */
  desde: string;
  hasta: string;
  activa: boolean;
  /** idperfil that see it, ≥ 1. */
  perfiles: number[];
  /** 1–10. */
  preguntas: PreguntaEncuesta[];
}

/** A dashboard survey. */
export interface EncuestaDashboard extends EncuestaDashboardForm {
  id_encuesta_dashboard: number;
  respuestas: number;
}

/** One row of configuracion/encuestas/tabla. */
export interface EncuestaDashboardRow {
  id_encuesta_dashboard: number;
  encuesta: string;
  desde: string;
  hasta: string;
  perfiles: string | null;
  respuestas: number;
  activa: string | number | boolean;
}
