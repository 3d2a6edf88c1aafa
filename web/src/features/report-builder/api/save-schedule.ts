import { apiRequest } from '@/lib/api/client';
import { savedReportUrl } from './paths';
import type { ProgramacionForm, Respuesta } from './types';

/** PUT reportes/guardados/{id}/programacion: e-mails the layout every week or month to 1–50 people. */
export function saveSchedule(id: number, form: ProgramacionForm): Promise<Respuesta> {
  return apiRequest<Respuesta>(`${savedReportUrl(id)}/programacion`, { method: 'PUT', body: form, errorDialog: false });
}
