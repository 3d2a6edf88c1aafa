import { apiRequest } from '@/lib/api/client';
import { savedReportUrl } from './paths';
import type { ExportacionCreada, Formato } from './types';

/** POST reportes/guardados/{id}/exportacion: a saved layout's export prepared in the background (202). */
export function queueSavedExport(id: number, formato: Formato): Promise<ExportacionCreada> {
  return apiRequest<ExportacionCreada>(`${savedReportUrl(id)}/exportacion`, { method: 'POST', body: { formato }, errorDialog: false });
}
