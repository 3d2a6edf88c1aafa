import { apiRequest } from '@/lib/api/client';
import { LAUNCH_URL } from './paths';
import type { LanzamientoScorm } from './types';

/** Who launches which topic. */
export interface LaunchRequest {
  /** The learner's own cve_empleado (the server refuses anyone else's). */
  cve_empleado: number;
  /** The learner's display name, kept with the record. */
  nombre: string;
  cve_tema: number;
}

/** The spec's form fields of AltaScromUsuario (`status` is sent as the spec's client does; the server ignores it). */
export function launchForm({ cve_empleado, nombre, cve_tema }: LaunchRequest): URLSearchParams {
  return new URLSearchParams({ nombre_usuario: String(cve_empleado), nombre, id_tema: String(cve_tema), status: '1' });
}

/**
 * POST …/por_puestos/AltaScromUsuario (form): opens (or resumes) the learner's attempt and
 * answers the player's address on the content origin with a short-lived launch token.
 */
export function postLaunch(request: LaunchRequest, signal?: AbortSignal): Promise<LanzamientoScorm> {
  return apiRequest<LanzamientoScorm>(LAUNCH_URL, { method: 'POST', body: launchForm(request), errorDialog: false, signal });
}
