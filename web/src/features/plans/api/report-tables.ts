import { PRI } from '@/lib/api/client';
import { PROGRAMS } from './programs';

/** Table engine urls (POST) of the plan's reports (plan §4.4). */
export const GENERAL_HISTORY_URL = `${PRI}/plan_capacitacion/historial_capacitacion_general/tabla`;
export const BLOCKS_HISTORY_URL = `${PRI}/plan_capacitacion/historial_capacitacion_bloques/tabla`;
export const EXPIRING_URL = `${PRI}/plan_capacitacion/capacitaciones_proximas_vencer/tabla`;
export const TOPIC_VIEW_URL = `${PRI}/plan_capacitacion/tema_view/tabla`;
export const CONSOLIDATED_URL = `${PROGRAMS.formacion.prefix}/avance_consolidado/tabla`;

/** Per-topic progress of a family (avance_tema). */
export function topicProgressUrl(program: 'institucional' | 'formacion' | 'especifica'): string {
  return `${PROGRAMS[program].prefix}/avance_tema/tabla`;
}

// The server's table rows are untyped in the OpenAPI document (`TablePage.result`): the row
// types below are hand-written from what each table's SELECT returns.

/** A ledger row of the general history. */
export interface GeneralHistoryRow {
  num_empleado: string | number | null;
  nombre_empleado: string;
  puesto: string | null;
  n4: string | null;
  planta: string | null;
  abreviatura: string | null;
  nombre_tema: string;
  fecha: string;
  calificacion: number | null;
  origen: string;
  vigencia: string | null;
  estado: string;
}

/** One employee × block of the blocks history. */
export interface BlocksHistoryRow {
  num_empleado: string | number | null;
  nombre_empleado: string;
  nombre_bloque: string;
  nombre_tipo_bloque: string | null;
  total_temas: number;
  acreditados: number;
  porcentaje_avance: number | null;
  estatus: string;
}

/** Per-topic counts (avance_tema, tema_view). */
export interface TopicProgressRow {
  cve_tema: number;
  abreviatura: string | null;
  nombre_tema: string;
  requeridos: number;
  acreditados: number;
  vencidos: number;
  no_acreditados: number;
  pendientes: number;
  porcentaje: number | null;
}

/** Per-position counts (avance_consolidado). */
export interface PositionProgressRow {
  cve_puesto: number;
  puesto: string;
  estructura: string | null;
  empleados: number;
  temas: number;
  requeridos: number;
  acreditados: number;
  vencidos: number;
  porcentaje: number | null;
}

/** A row of the expiring-accreditations report. */
export interface ExpiringRow {
  num_empleado: string | number | null;
  nombre_empleado: string;
  puesto: string | null;
  n4: string | null;
  planta: string | null;
  supervisor: string | null;
  abreviatura: string | null;
  nombre_tema: string;
  fecha_acreditacion: string | null;
  vigencia: string;
  requerido_por_plan: string | null;
  avisos: string | null;
}
