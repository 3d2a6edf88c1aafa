import type { User } from '@/lib/auth/types';
import type { PlannedTopic } from '../../api/plan-pending';

/**
 * The course fields a planned topic carries once it has a course (server: TemaPlaneado).
 * Those not yet in the generated type are optional here.
 */
export type PlanCourseTopic = Omit<PlannedTopic, 'acceso'> & {
  /** The server's verdict on the material window; absent, it is worked out from the dates. */
  acceso?: boolean | null;
};

/** What the buttons of a topic card depend on besides the topic. */
export interface ButtonContext {
  /** Today in the company's calendar, `AAAA-MM-DD`. */
  today: string;
  /** The active profile is Instructor (spec §6: an instructor cannot confirm attendance). */
  isInstructor: boolean;
}

/** Which course buttons a topic card shows (spec §5), all decided here. */
export interface CourseButtons {
  confirmAttendance: boolean;
  /** Material / Entrar a la reunión. */
  material: boolean;
  /** The link opens the course's SCORM package. */
  scorm: boolean;
  exam: boolean;
  materialCompleted: boolean;
  /** The place in the waiting list, when on it. */
  waitingTurn: number | null;
  pendingRequest: boolean;
  ics: boolean;
  /** No course for this topic yet: ask for a seat (calendar) or for a date. */
  requestSeat: boolean;
  requestDate: boolean;
}

const isOne = (value: unknown) => value === 1 || value === '1' || value === true;

/** Adds days to an `AAAA-MM-DD` date (calendar arithmetic, no time zone). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return at.toISOString().slice(0, 10);
}

/** A SCORM package link (spec §5: the link contains 'scorm'). */
export function isScormLink(link: string | null | undefined): boolean {
  return !!link && link.toLowerCase().includes('scorm');
}

/**
 * Spec §5 material access: today lies between the course date and the course date plus
 * `dias_acceso` days, end of day included. SCORM links are always allowed. The server's
 * own `acceso` (company time zone) wins when it is sent.
 */
export function hasMaterialAccess(topic: PlanCourseTopic, today: string): boolean {
  if (isScormLink(topic.link)) return true;
  if (typeof topic.acceso === 'boolean') return topic.acceso;
  const start = topic.fecha_curso?.slice(0, 10);
  if (!start) return false;
  const last = addDays(start, Math.max(0, topic.dias_acceso ?? 0));
  return today >= start && today <= last;
}

/** The exam to open from a planned topic: its course's, or the topic's self-service one (no course). */
export function examCourse(topic: Pick<PlanCourseTopic, 'cve_curso'>): number | null {
  return topic.cve_curso != null && topic.cve_curso > 0 ? topic.cve_curso : null;
}

/** The buttons of a planned topic, by the rules of spec section 5. */
export function courseButtons(topic: PlanCourseTopic, { today, isInstructor }: ButtonContext): CourseButtons {
  const enrolled = topic.cve_inscripcion_ai != null && topic.cve_inscripcion_ai > 0;
  const accion = (topic.accion ?? '').toLowerCase();
  const waiting = enrolled && accion === 'espera';
  const seated = enrolled && !waiting;
  const noPrerequisite = topic.prerrequisito !== '1';
  const accredited = topic.estado === 'Acreditado';
  const examRequested = accion === 'examen' || isOne(topic.presentar_examen);
  // A self-service exam (E-learning topic, no course): no enrolment, the server's `acceso` decides.
  const selfService = !enrolled && topic.cve_curso == null && accion === 'examen';
  const access = seated ? hasMaterialAccess(topic, today) : false;
  const examAccess = selfService ? topic.acceso === true : access;
  const attemptsLeft =
    topic.intentos_disponibles != null && (topic.intentos ?? 0) < topic.intentos_disponibles;
  return {
    // Not an Instructor, no grade, the enrolment exists, not confirmed, no pending prerequisite.
    confirmAttendance:
      !isInstructor && topic.calificacion == null && seated && !isOne(topic.confirmado) && noPrerequisite,
    material: !!(topic.material || topic.meeting) && access && noPrerequisite,
    // Spec §5: SCORM links are always inside the access window, with a course or without
    // one (a topic's own package); a place on the waiting list is no seat yet.
    scorm: isScormLink(topic.link) && !waiting && noPrerequisite,
    // Exam action or flag, access, prerequisite '0', intentos_disponibles set, attempts left.
    exam: examRequested && examAccess && topic.prerrequisito === '0' && attemptsLeft,
    materialCompleted: !!topic.material && access && noPrerequisite && topic.estatus_material !== 'Material_Completado',
    waitingTurn: waiting ? (topic.turno_espera ?? null) : null,
    pendingRequest: !enrolled && accion === 'solicitud',
    ics: enrolled && topic.cve_curso != null,
    requestSeat: !enrolled && accion !== 'solicitud' && !accredited,
    requestDate: !enrolled && accion !== 'solicitud' && !accredited,
  };
}

/** The active profile is Instructor (spec §6: an instructor cannot confirm attendance). */
export function activeProfileIsInstructor(user: Pick<User, 'perfil_sistema' | 'usuario_sistema'> | null): boolean {
  const profile = (user?.perfil_sistema ?? user?.usuario_sistema ?? '').trim().toLowerCase();
  return profile === 'instructor';
}
