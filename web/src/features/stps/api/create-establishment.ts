import { PRI, apiRequest } from '@/lib/api/client';

export interface NewEstablishment {
  cve_n4: number;
  nombre: string;
  registro_patronal: string | null;
  domicilio: string | null;
  cve_estado: number | null;
}

/** POST catalogos/establecimientos_STPS. */
export function postEstablishment(body: NewEstablishment): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/establecimientos_STPS`, { method: 'POST', body, errorDialog: false });
}
