import { apiRequest } from '@/lib/api/client';
import { REPORTES } from './paths';
import type { DefinicionReporte, ExportacionCreada, Formato } from './types';

/** POST reportes/exportaciones: an unsaved layout's export prepared in the background (202). */
export function queueDefinitionExport(definicion: DefinicionReporte, formato: Formato): Promise<ExportacionCreada> {
  return apiRequest<ExportacionCreada>(`${REPORTES}/exportaciones`, { method: 'POST', body: { definicion, formato }, errorDialog: false });
}
