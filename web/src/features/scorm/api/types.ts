/*
 * The SCORM API's shapes (docs/scorm.md): the server's schemas from the generated client,
 * plus the socket event and the progress table's row, which the OpenAPI document does not
 * describe.
 */
import type { Schema } from '@/lib/api/schema';

/** The SCORM versions the server reads. */
export type ScormVersion = '1.2' | '2004';

/** One entry of a package's table of contents (depth-first; a folder has no `href`). */
export type ItemScorm = Schema<'ItemToc'>;

/** GET/PUT catalogos/temas/{cve_tema}/scorm: the topic's package. */
export type PaqueteScorm = Schema<'PaqueteScorm'>;

/** Body of PUT catalogos/temas/{cve_tema}/scorm. */
export type PaqueteScormForm = Schema<'AjustesPaquete'>;

/** Answer of POST catalogos/temas/{cve_tema}/scorm: 201 created, 200 a new version. */
export type SubidaScorm = Schema<'PaqueteSubido'>;

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
export type LanzamientoScorm = Schema<'LanzamientoScorm'>;

/** Answer of POST cursos/setPuntajeTema. */
export type PuntajeTema = Schema<'PuntajeTemaAplicado'>;

/** One option of the progress screen's topic filter (GET scorm/paquetes). */
export type PaqueteOpcion = Schema<'PaqueteResumen'>;

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
