import type { TableQuery } from '@/components/data-table';
import { apiRequest } from '@/lib/api/client';
import type { ReportFormat, StartedExport } from '@/lib/api/shared/export-jobs';
import { MASS_EXPORT_JOB_URL } from './paths';
import type { MassExportBody } from './types';

/** POST reportes/reporte_masivo/exportacion: the same query and a format, prepared in the background (202). */
export function startMassExport(query: TableQuery, formato: ReportFormat): Promise<StartedExport> {
  const { excel: _excel, ...rest } = query;
  const body: MassExportBody = { ...rest, formato };
  return apiRequest<StartedExport>(MASS_EXPORT_JOB_URL, { method: 'POST', body, errorDialog: false });
}
