import { PRI, apiRequest } from '@/lib/api/client';
import type { EmpleadoCurp, RespEmpleadosCurp } from './types';

/**
 * GET catalogos/empleados/getByCurpTotal/{curp}: the active employee with that whole CURP
 * within the caller's reach, or null (the screen says 'Empelado no encontrado').
 */
export async function fetchEmployeeByCurp(curp: string): Promise<EmpleadoCurp | null> {
  const answer = await apiRequest<RespEmpleadosCurp>(`${PRI}/catalogos/empleados/getByCurpTotal/${encodeURIComponent(curp)}`, {
    errorDialog: false,
  });
  return answer?.res?.[0] ?? null;
}
