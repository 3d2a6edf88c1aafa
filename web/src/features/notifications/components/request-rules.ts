/** The enrolment request a notification carries (spec §3 Notification `solicitud`). */
export interface NotificationRequest {
  idsolicitud: number;
  nombre_empleado?: string | null;
  nombre_supervisor?: string | null;
  nombre_analista?: string | null;
  nombre_instructor?: string | null;
  cve_curso?: number | null;
  nombre_curso?: string | null;
  fecha_curso?: string | null;
  horario_curso?: string | null;
  nombre_sala?: string | null;
  subject?: string | null;
  /** 1 pending, 2 rejected, 3 accepted. */
  estatus: number;
  etapa?: string | null;
  /** Whether the caller may act at this step (absent: the server decides on the call). */
  puede_resolver?: boolean | null;
}

/** The request of a notification, when it carries a well-formed one. */
export function requestOf(solicitud: unknown): NotificationRequest | null {
  if (!solicitud || typeof solicitud !== 'object') return null;
  const value = solicitud as Record<string, unknown>;
  const id = Number(value.idsolicitud);
  if (!Number.isInteger(id) || id <= 0) return null;
  return { ...(value as unknown as NotificationRequest), idsolicitud: id, estatus: Number(value.estatus) || 1 };
}

/** What the modal shows for a request (spec §4): buttons while pending, else its state. */
export type RequestView = 'actions' | 'waiting' | 'rejected' | 'accepted';

export function requestView(request: Pick<NotificationRequest, 'estatus' | 'puede_resolver'>): RequestView {
  if (request.estatus === 2) return 'rejected';
  if (request.estatus === 3) return 'accepted';
  return request.puede_resolver === false ? 'waiting' : 'actions';
}

/** The coordinator's step sends their own cve as `cve_coordinador` (spec §4). */
export function coordinatorFor(request: Pick<NotificationRequest, 'etapa'>, cveEmpleado: number): number | undefined {
  return (request.etapa ?? 'coordinador') === 'coordinador' ? cveEmpleado : undefined;
}
