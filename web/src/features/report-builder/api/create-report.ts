import { apiRequest } from '@/lib/api/client';
import { REPORTES } from './paths';
import type { ReporteCreado, ReporteGuardadoForm } from './types';

/** POST reportes/guardados: saves a new layout (409 `reportes.nombre_repetido` for a name one already used). */
export function createReport(form: ReporteGuardadoForm): Promise<ReporteCreado> {
  return apiRequest<ReporteCreado>(`${REPORTES}/guardados`, { method: 'POST', body: form, errorDialog: false });
}
