import type { PlanCourseTopic } from './course-buttons';

/**
 * A planned topic with a course for the plan-button tests: enrolled, unconfirmed, no grade,
 * no pending prerequisite, with material; `extra` overrides any field.
 */
export function planCourseTopic(extra: Partial<PlanCourseTopic> = {}): PlanCourseTopic {
  return {
    abreviatura: 'SEG',
    cve_tema: 7,
    estado: 'Pendiente',
    horas: 8,
    modalidad: 'PRESENCIAL',
    nombre: 'Seguridad industrial',
    obligatoria: 1,
    prerrequisito: '0',
    requerido_por: [],
    cve_curso: 40,
    cve_inscripcion_ai: 900,
    accion: 'inscrito',
    confirmado: '0',
    calificacion: null,
    material: 'https://aula.example/material.pdf',
    encuesta_pendiente: false,
    ...extra,
  };
}
