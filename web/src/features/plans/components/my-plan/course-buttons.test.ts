import { describe, expect, it } from 'vitest';
import { addDays, courseButtons, hasMaterialAccess, type PlanCourseTopic } from './course-buttons';
import { planCourseTopic } from './course-topic.fixture';

const TODAY = '2026-05-14';

function topic(extra: Partial<PlanCourseTopic> = {}): PlanCourseTopic {
  return planCourseTopic({ fecha_curso: '2026-05-14', dias_acceso: 0, ...extra });
}

const participant = { today: TODAY, isInstructor: false };

describe('attendance button (spec §5)', () => {
  it('shows for an enrolled participant without grade, unconfirmed and without pending prerequisite', () => {
    expect(courseButtons(topic(), participant).confirmAttendance).toBe(true);
  });
  it('is refused to an Instructor', () => {
    expect(courseButtons(topic(), { today: TODAY, isInstructor: true }).confirmAttendance).toBe(false);
  });
  it('is gone once there is a grade', () => {
    expect(courseButtons(topic({ calificacion: 80 }), participant).confirmAttendance).toBe(false);
  });
  it('needs the enrolment', () => {
    expect(courseButtons(topic({ cve_inscripcion_ai: null }), participant).confirmAttendance).toBe(false);
  });
  it('is gone once confirmed', () => {
    expect(courseButtons(topic({ confirmado: '1' }), participant).confirmAttendance).toBe(false);
  });
  it('waits for a pending prerequisite', () => {
    expect(courseButtons(topic({ prerrequisito: '1' }), participant).confirmAttendance).toBe(false);
  });
  it('is not offered from the waiting list', () => {
    expect(courseButtons(topic({ accion: 'espera', turno_espera: 2 }), participant).confirmAttendance).toBe(false);
  });
});

describe('material access window (spec §5)', () => {
  it('opens on the course date and closes at the end of the last access day', () => {
    const t = topic({ fecha_curso: '2026-05-10', dias_acceso: 4 });
    expect(hasMaterialAccess(t, '2026-05-09')).toBe(false);
    expect(hasMaterialAccess(t, '2026-05-10')).toBe(true);
    expect(hasMaterialAccess(t, '2026-05-14')).toBe(true);
    expect(hasMaterialAccess(t, '2026-05-15')).toBe(false);
  });
  it('always allows a scorm link', () => {
    expect(hasMaterialAccess(topic({ link: '/scorm/launch/3', fecha_curso: '2030-01-01' }), TODAY)).toBe(true);
  });
  it('follows the server when it says', () => {
    expect(hasMaterialAccess(topic({ acceso: false }), TODAY)).toBe(false);
    expect(hasMaterialAccess(topic({ acceso: true, fecha_curso: '2030-01-01' }), TODAY)).toBe(true);
  });
  it('adds calendar days across months', () => {
    expect(addDays('2026-01-30', 3)).toBe('2026-02-02');
  });
});

describe('material button (spec §5)', () => {
  it('shows with material or a meeting, access and no prerequisite', () => {
    expect(courseButtons(topic(), participant).material).toBe(true);
    expect(courseButtons(topic({ material: null, meeting: 'https://meet.jit.si/Aula-x' }), participant).material).toBe(true);
  });
  it('hides without material nor meeting', () => {
    expect(courseButtons(topic({ material: null, meeting: null }), participant).material).toBe(false);
  });
  it('hides outside the access window', () => {
    expect(courseButtons(topic({ fecha_curso: '2026-06-01' }), participant).material).toBe(false);
  });
  it('hides with a pending prerequisite', () => {
    expect(courseButtons(topic({ prerrequisito: '1' }), participant).material).toBe(false);
  });
});

describe('course (scorm) button (spec §5)', () => {
  it('shows when the link contains scorm, with access and no prerequisite', () => {
    expect(courseButtons(topic({ link: '/scorm/launch/3' }), participant).scorm).toBe(true);
  });
  it('hides for other links', () => {
    expect(courseButtons(topic({ link: 'https://meet.jit.si/x' }), participant).scorm).toBe(false);
  });
  it('hides with a pending prerequisite', () => {
    expect(courseButtons(topic({ link: '/scorm/launch/3', prerrequisito: '1' }), participant).scorm).toBe(false);
  });
  it("shows for a topic's own package without a course, and outside a course's access window", () => {
    const ownPackage = { link: 'scorm/montacargas-12', clave_scorm: 'montacargas-12', cve_curso: null, cve_inscripcion_ai: null, accion: null };
    expect(courseButtons(topic(ownPackage), participant).scorm).toBe(true);
    expect(courseButtons(topic({ link: 'scorm/montacargas-12', fecha_curso: '2026-01-02', acceso: false }), participant).scorm).toBe(true);
  });
  it('hides while on the waiting list', () => {
    expect(courseButtons(topic({ link: 'scorm/montacargas-12', accion: 'espera', turno_espera: 2 }), participant).scorm).toBe(false);
  });
});

describe('exam button (spec §5)', () => {
  const exam = { presentar_examen: '1', intentos: 1, intentos_disponibles: 3 };
  it('shows with the exam flag, access, prerequisite 0 and attempts left', () => {
    expect(courseButtons(topic(exam), participant).exam).toBe(true);
    expect(courseButtons(topic({ accion: 'examen', intentos: 0, intentos_disponibles: 1 }), participant).exam).toBe(true);
  });
  it('hides without the flag', () => {
    expect(courseButtons(topic({ ...exam, presentar_examen: '0' }), participant).exam).toBe(false);
  });
  it('hides when intentos_disponibles is null', () => {
    expect(courseButtons(topic({ ...exam, intentos_disponibles: null }), participant).exam).toBe(false);
  });
  it('hides once the attempts are used', () => {
    expect(courseButtons(topic({ ...exam, intentos: 3 }), participant).exam).toBe(false);
  });
  it('hides outside the access window', () => {
    expect(courseButtons(topic({ ...exam, fecha_curso: '2026-06-01' }), participant).exam).toBe(false);
  });
  it('hides unless prerequisite is exactly 0', () => {
    expect(courseButtons(topic({ ...exam, prerrequisito: '1' }), participant).exam).toBe(false);
  });
});

describe('self-service exam button (E-learning topic without a course)', () => {
  const selfService = { cve_curso: null, cve_inscripcion_ai: null, accion: 'examen', intentos: 0, intentos_disponibles: 2, fecha_curso: null };
  it("shows with no enrolment when the server's acceso allows it", () => {
    expect(courseButtons(topic({ ...selfService, acceso: true }), participant).exam).toBe(true);
  });
  it("hides when the server's acceso says no", () => {
    expect(courseButtons(topic({ ...selfService, acceso: false }), participant).exam).toBe(false);
    expect(courseButtons(topic({ ...selfService, acceso: null }), participant).exam).toBe(false);
  });
  it('still needs attempts left and no pending prerequisite', () => {
    expect(courseButtons(topic({ ...selfService, acceso: true, intentos: 2 }), participant).exam).toBe(false);
    expect(courseButtons(topic({ ...selfService, acceso: true, prerrequisito: '1' }), participant).exam).toBe(false);
  });
  it('does not open the material of a course it does not have', () => {
    const b = courseButtons(topic({ ...selfService, acceso: true }), participant);
    expect(b.material || b.materialCompleted || b.confirmAttendance).toBe(false);
  });
  it('an exam flag without enrolment on a course topic still needs the enrolment', () => {
    expect(courseButtons(topic({ ...selfService, cve_curso: 40, acceso: true }), participant).exam).toBe(false);
  });
});

describe('other course buttons', () => {
  it("offers 'Material Completado' until the material is done", () => {
    expect(courseButtons(topic(), participant).materialCompleted).toBe(true);
    expect(courseButtons(topic({ estatus_material: 'Material_Completado' }), participant).materialCompleted).toBe(false);
  });
  it('shows the waiting-list place instead of the course buttons', () => {
    const b = courseButtons(topic({ accion: 'espera', turno_espera: 3 }), participant);
    expect(b.waitingTurn).toBe(3);
    expect(b.material).toBe(false);
    expect(b.ics).toBe(true);
  });
  it('offers a seat or a date only when there is no course nor request', () => {
    const none = courseButtons(topic({ cve_curso: null, cve_inscripcion_ai: null, accion: null }), participant);
    expect(none.requestSeat && none.requestDate).toBe(true);
    expect(none.ics).toBe(false);
    const asked = courseButtons(topic({ cve_curso: 40, cve_inscripcion_ai: null, accion: 'solicitud' }), participant);
    expect(asked.pendingRequest).toBe(true);
    expect(asked.requestSeat).toBe(false);
    const done = courseButtons(topic({ cve_curso: null, cve_inscripcion_ai: null, estado: 'Acreditado' }), participant);
    expect(done.requestDate).toBe(false);
  });
});
