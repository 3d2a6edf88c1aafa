import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';
import type { SolicitudCurso } from './types';

/** GET cursos/getSolicitudCurso/{cve_solicitud_curso} → `{res, solicitud}`. */
export async function fetchDateRequest(cve: number): Promise<SolicitudCurso> {
  const answer = await apiRequest<{ res: string; solicitud: SolicitudCurso }>(`${CURSOS}/getSolicitudCurso/${cve}`, { errorDialog: false });
  return answer.solicitud;
}

/** A course-date request; `null` skips the request. */
export function useDateRequest(cve: number | null) {
  return useSWR<SolicitudCurso>(cve ? ['cursos.solicitud_curso', cve] : null, () => fetchDateRequest(cve as number), {
    revalidateOnFocus: false,
  });
}
