import { apiRequest } from '@/lib/api/client';
import { savedReportUrl } from './paths';
import type { Respuesta } from './types';

/** DELETE reportes/guardados/{id}/programacion: stops the layout's e-mail delivery. */
export function deleteSchedule(id: number): Promise<Respuesta> {
  return apiRequest<Respuesta>(`${savedReportUrl(id)}/programacion`, { method: 'DELETE', errorDialog: false });
}
