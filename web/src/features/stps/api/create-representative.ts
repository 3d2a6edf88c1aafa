import { PRI, apiRequest } from '@/lib/api/client';
import type { Signer } from './companies';

export interface NewRepresentative {
  cve_n4: number;
  tipo: Signer;
  nombre: string;
  puesto: string | null;
}

/** POST catalogos/representantes_DC3 → `{resp, cve_representante}`. */
export function postRepresentative(body: NewRepresentative): Promise<{ resp?: string; cve_representante?: number; id?: number }> {
  return apiRequest(`${PRI}/catalogos/representantes_DC3`, { method: 'POST', body, errorDialog: false });
}
