import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/**
 * GET cursos/actions/ver_participantes/descargar/dc3/{cve_empleado}/{cve_curso}: whether a
 * participant's DC-3 can be issued ('Excelente'); 404 without course data, 422 with each
 * missing datum in `fields`. The caller shows the failures (no '¡Ups!' of its own).
 */
export function fetchDc3Check(cveEmpleado: number, cveCurso: number): Promise<Schema<'Resp'>> {
  return apiRequest<Schema<'Resp'>>(`${PRI}/cursos/actions/ver_participantes/descargar/dc3/${cveEmpleado}/${cveCurso}`, {
    errorDialog: false,
  });
}
