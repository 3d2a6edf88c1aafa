import { PRI, apiRequest } from '@/lib/api/client';

/** PUT mobile/temas/material/completado/{cve_inscripcion_ai} → `{resp: 'Material Completado'}`. */
export function putMaterialCompleted(cveInscripcion: number): Promise<{ resp: string }> {
  return apiRequest(`${PRI}/mobile/temas/material/completado/${cveInscripcion}`, { method: 'PUT', body: {}, errorDialog: false });
}
