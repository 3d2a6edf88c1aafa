import { apiRequest } from '@/lib/api/client';
import { sendCourseDc3Url } from './paths';
import type { EnvioDc3 } from './types';

/**
 * POST certificados/dc3/{cve_curso}/enviar: e-mails each accredited participant whose DC-3
 * was not delivered yet theirs (never twice). The caller shows a failure.
 */
export function postSendCourseDc3(cveCurso: number): Promise<EnvioDc3> {
  return apiRequest<EnvioDc3>(sendCourseDc3Url(cveCurso), { method: 'POST', body: {}, errorDialog: false });
}
