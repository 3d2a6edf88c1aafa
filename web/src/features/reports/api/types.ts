import type { TableQuery } from '@/components/data-table';
import type { ReportFormat } from '@/lib/api/shared/export-jobs';
import type { Schema } from '@/lib/api/schema';

/** One option of a filter list (a catalogue key, or a text key of a fixed list). */
export type Opcion = Schema<'Opcion'>;

/** A structure node (N2–N7) of the filter. */
export type OpcionNodo = Schema<'OpcionNodo'>;

/** GET reportes/opciones: what the report filters choose from, within one's scope. */
export type OpcionesReporte = Schema<'OpcionesReporte'>;

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
