import { PRI, apiRequest } from '@/lib/api/client';
import type { EvidenceType } from './get-activities';

/** The body of an activity save; `limite_caracteres` only for texto (1–10000). */
export interface ActivityPayload {
  titulo: string;
  descripcion: string;
  dias_entrega: number;
  tipo_evidencia: EvidenceType;
  limite_caracteres: number | null;
}

/** POST temas/actividades_temas/{cve_tema}. */
export function postActivity(cve: number, body: ActivityPayload): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/temas/actividades_temas/${cve}`, { method: 'POST', body, errorDialog: false });
}
