/** The tabs of a course, in order (`?pestana=`). */
export const COURSE_TABS = ['datos', 'sesiones', 'participantes', 'asistencia', 'evaluacion', 'actividades', 'costos', 'reunion', 'examen', 'encuesta'] as const;
export type CourseTab = (typeof COURSE_TABS)[number];

/** Section that shows a course's 'Examen' tab (generate, assign, activate, delete). */
export const EXAM_SECTION = 'cursos.examenes';
