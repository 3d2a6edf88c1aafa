import { apiRequest } from '@/lib/api/client';
import { savedReportUrl } from './paths';
import type { Respuesta } from './types';

/** DELETE reportes/guardados/{id} (its author, or an Administrador). */
export function deleteReport(id: number): Promise<Respuesta> {
  return apiRequest<Respuesta>(savedReportUrl(id), { method: 'DELETE', errorDialog: false });
}
