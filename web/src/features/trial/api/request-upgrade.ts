import { PRI, apiRequest } from '@/lib/api/client';

/** POST contratarLMSEDK `{correo_cliente}` → `{res: "Excelente"}`. */
export function postUpgradeRequest(correo: string): Promise<{ res?: string; resp?: string }> {
  return apiRequest(`${PRI}/contratarLMSEDK`, { method: 'POST', body: { correo_cliente: correo }, errorDialog: false });
}
