import { PRI, apiRequest } from '@/lib/api/client';

/** PUT plan_capacitacion/plantas_temas/{cve_planta}: replaces the plant's topics. */
export function putPlantTopics(cvePlanta: number, temas: number[]): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/plan_capacitacion/plantas_temas/${cvePlanta}`, {
    method: 'PUT',
    body: { temas },
    errorDialog: false,
  });
}
