/*
 * The SCORM API's shapes (docs/scorm.md). Hand-written: they mirror the server's contract
 * field by field until the generated client (lib/api/schema.d.ts) includes the scorm
 * domain; then these become aliases of `Schema<'…'>`.
 */

/** The SCORM versions the server reads. */
export type ScormVersion = '1.2' | '2004';

/** One entry of a package's table of contents (depth-first; a folder has no `href`). */
export interface ItemScorm {
  id: string;
  titulo: string;
  nivel: number;
  href: string | null;
}

/** GET/PUT catalogos/temas/{cve_tema}/scorm: the topic's package. */
export interface PaqueteScorm {
  id_paquete: number;
  cve_tema: number;
  clave_scorm: string;
  version: ScormVersion;
  /** The 2004 edition ("2nd", "3rd", "4th"…) when the manifest says it. */
  edicion: string | null;
  titulo: string;
  /** Bumped by every new version of the package. */
  revision: number;
  /** Attempts a learner may open; 0 = unlimited. */
  intentos: number;
  archivos: number;
  bytes: number;
  items: ItemScorm[];
  /** Mastery score 0–100 from the manifest, when it has one. */
  dominio: number | null;
  subido_por: string | null;
  /** ISO 8601 of the last upload or change. */
  actualizado: string;
}

/** Body of PUT catalogos/temas/{cve_tema}/scorm. */
export interface PaqueteScormForm {
  intentos: number;
}

/** Answer of POST catalogos/temas/{cve_tema}/scorm: 201 created, 200 a new version. */
export interface SubidaScorm {
  resp: string;
  creado: boolean;
  paquete: PaqueteScorm;
}

/** Stages of the socket event `scorm:progress` while the server processes an upload. */
export type EtapaScorm = 'procesando' | 'guardando' | 'listo' | 'error';

/** The socket event `scorm:progress` (to the uploader only). */
export interface ProgresoScorm {
  id_carga: string;
  etapa: EtapaScorm;
  /** 0–100. */
  avance: number;
}

/** Answer of POST …/por_puestos/AltaScromUsuario: where the player is. */
export interface LanzamientoScorm {
  resp: string;
  /** `<content origin>/jugar/<token>`. */
  url: string;
  clave_scorm: string;
  version: ScormVersion;
  intento: number;
  /** review: every attempt is used, nothing is tracked any more. */
  modo: 'normal' | 'review';
}

/** Answer of POST cursos/setPuntajeTema. */
export interface PuntajeTema {
  resp: string;
  status: string | null;
  score: number | null;
  acreditado: boolean;
}

/** One option of the progress screen's topic filter (GET scorm/paquetes). */
export interface PaqueteOpcion {
  cve_tema: number;
  nombre_tema: string;
  clave_scorm: string;
  version: ScormVersion;
  titulo: string;
}

/** State of an attempt as the server stores it ('not attempted' only from puntaje_usuario). */
export type EstadoIntento = 'incomplete' | 'completed' | 'passed' | 'failed' | 'not attempted';

/** One row of POST scorm/avance/tabla. */
export interface AvanceScormFila {
  id_intento: number;
  num_empleado: string | number | null;
  participante: string;
  tema: string;
  version: ScormVersion;
  intento: number;
  intentos_usados: number;
  estado: EstadoIntento | string;
  calificacion: number | null;
  /** HH:MM:SS. */
  tiempo_total: string | null;
  iniciado: string | null;
  ultimo_acceso: string | null;
}
