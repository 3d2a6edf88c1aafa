import { PRI } from '@/lib/api/client';

/** Table engine urls (POST) of population control (plan §4.4). */
export const POPULATION_URL = `${PRI}/catalogos/control_poblacion/tabla`;
export const POPULATION_EMPLOYEES_URL = `${PRI}/catalogos/control_poblacion/empleados/tabla`;

/** A structure level 2..7, or plants. */
export type PopulationLevel = number | 'planta';

/** One node (or plant) with its population figures (hand-typed: the server's table rows are untyped in the OpenAPI document, `TablePage.result`). */
export interface PopulationRow {
  cve: number;
  nombre: string;
  plantilla: number;
  con_plan: number;
  capacitados: number;
  cumplen: number;
  con_vencidos: number;
  requeridos: number;
  acreditados: number;
  porcentaje: number | null;
}

/** An employee of a node with their plan figures (hand-typed: table rows are untyped in the document). */
export interface PopulationEmployeeRow {
  num_empleado: string | number | null;
  nombre_empleado: string;
  puesto: string | null;
  planta: string | null;
  requeridos: number;
  acreditados: number;
  vencidos: number;
  porcentaje: number | null;
}
