import { apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';
import { PROGRAMS, type Program } from './programs';
import type { RequirementRow } from './requirements-table';

/** Body of PUT {prefix}/requerimientos/{id}. */
export type RequirementUpdate = Schema<'CambioBody'>;

/** PUT {prefix}/requerimientos/{id_requerimiento}: enable/disable or edit a requirement. */
export function putRequirement(program: Program, id: number, body: RequirementUpdate): Promise<RequirementRow> {
  return apiRequest<RequirementRow>(`${PROGRAMS[program].prefix}/requerimientos/${id}`, { method: 'PUT', body, errorDialog: false });
}
