import { apiRequest } from '@/lib/api/client';
import { PROGRAMS, type Program } from './programs';
import type { RequirementRow } from './requirements-table';

/** Body of PUT {prefix}/requerimientos/{id}. */
export interface RequirementUpdate {
  habilitado?: boolean;
  obligatoria?: boolean;
  dias_limite?: number | null;
  motivo?: string;
}

/** PUT {prefix}/requerimientos/{id_requerimiento}: enable/disable or edit a requirement. */
export function putRequirement(program: Program, id: number, body: RequirementUpdate): Promise<RequirementRow> {
  return apiRequest<RequirementRow>(`${PROGRAMS[program].prefix}/requerimientos/${id}`, { method: 'PUT', body, errorDialog: false });
}
