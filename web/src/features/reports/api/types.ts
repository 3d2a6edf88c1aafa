import type { TableQuery } from '@/components/data-table';
import type { ReportFormat } from '@/lib/api/shared/export-jobs';

/** One option of a filter list. */
export interface Opcion {
  value: number;
  label: string;
}

/** An option whose value is a text key (modalities, states, requirement kinds). */
export interface OpcionTexto {
  value: string;
  label: string;
}

/** A structure node (N2–N7) of the filter. */
export interface OpcionEstructura extends Opcion {
  nivel: number;
}

/** GET reportes/opciones: what the report filters choose from, within one's scope. */
export interface OpcionesReporte {
  estructura: OpcionEstructura[];
  plantas: Opcion[];
  puestos: Opcion[];
  temas: Opcion[];
  grupos: Opcion[];
  bloques: Opcion[];
  modalidades: OpcionTexto[];
  estados: OpcionTexto[];
  requerimientos: OpcionTexto[];
}

/** The mass report's own filters (`filtersEXT`); each one optional. */
export interface FiltrosMasivo {
  cve_estructura?: number;
  cve_planta?: number;
  cve_puesto?: number;
  cve_tema?: number;
  id_grupo?: number;
  id_bloque?: number;
  modalidad?: string;
  estado?: string;
  requerimiento?: string;
}

/** A row of the mass report: one employee and topic (fields as the engine names them). */
export type MassRow = Record<string, string | number | null>;

/** The body of an export: the table's query and the format. */
export type MassExportBody = TableQuery & { formato: ReportFormat };
