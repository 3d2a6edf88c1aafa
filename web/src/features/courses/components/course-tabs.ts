/** The tabs of a course, in order (`?pestana=`). */
export const COURSE_TABS = ['datos', 'sesiones', 'participantes', 'asistencia', 'evaluacion', 'actividades', 'costos', 'reunion', 'encuesta'] as const;
export type CourseTab = (typeof COURSE_TABS)[number];
