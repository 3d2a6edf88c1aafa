import { apiRequest } from '@/lib/api/client';
import { savedReportUrl } from './paths';
import type { ReporteGuardadoForm, Respuesta } from './types';

/** PUT reportes/guardados/{id}: replaces a layout's name, description, definition and profiles. */
export function updateReport(id: number, form: ReporteGuardadoForm): Promise<Respuesta> {
  return apiRequest<Respuesta>(savedReportUrl(id), { method: 'PUT', body: form, errorDialog: false });
}
