// SWR keys of the dashboard's parts that other features fetch (Mis constancias, the
// instructor's courses). They live here, not in those features, because the dashboard
// revalidates them too when the server says they changed (dashboard:cambio).

/** SWR key of the signed-in user's certificates (one per user: switching users never shows another's). */
export const myCertificatesKey = (cveEmpleado: number) => ['certificados.mis_constancias', cveEmpleado] as const;

/** SWR key of the signed-in user's other certificates: completed blocks and external certifications (one per user). */
export const otherCertificatesKey = (cveEmpleado: number) => ['certificados.mis_constancias.otras', cveEmpleado] as const;

/** SWR key of the courses the caller teaches (GET dashboard/cursos_instructor). */
export const INSTRUCTOR_COURSES_KEY = 'dashboard.cursos_instructor';
