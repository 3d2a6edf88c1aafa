import { PRI, apiRequest } from '@/lib/api/client';

export interface NewAbsence {
  fecha_inicio: string;
  fecha_fin: string;
  motivo: string;
}

/** POST catalogos/empleados/{cve}/ausencias (no overlap with another; motivo 1–200). */
export function postAbsence(cve: number, body: NewAbsence): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/empleados/${cve}/ausencias`, { method: 'POST', body, errorDialog: false });
}
