import { PRI, apiRequest } from '@/lib/api/client';

/** POST dashboard/cursos_instructor `{curso: {cve_curso, comentarios_instructor}}`. */
export function postInstructorComment(cveCurso: number, comentarios: string): Promise<{ resp: string }> {
  return apiRequest(`${PRI}/dashboard/cursos_instructor`, {
    method: 'POST',
    body: { curso: { cve_curso: cveCurso, comentarios_instructor: comentarios } },
    errorDialog: false,
  });
}
