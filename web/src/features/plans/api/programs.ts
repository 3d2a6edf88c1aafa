import { PRI } from '@/lib/api/client';

/** The requirement families that have consult screens (plan §4.4 prefixes). */
export type Program = 'institucional' | 'formacion' | 'especifica' | 'empleado' | 'bloque';

/** What each family's screens need: its API prefix, section, and the alta screen's path. */
export const PROGRAMS: Record<Program, { prefix: string; section: string; altaPath: string; consultPath: string }> = {
  institucional: {
    prefix: `${PRI}/plan_capacitacion/capacitacion_institucional`,
    section: 'plan.institucional',
    consultPath: '/menu/capacitacion_institucional_consulta_requerimientos',
    altaPath: '/menu/capacitacion_institucional_alta_requerimientos',
  },
  formacion: {
    prefix: `${PRI}/plan_capacitacion/plan_formacion`,
    section: 'plan.formacion',
    consultPath: '/menu/plan_formacion_consulta_requerimientos',
    altaPath: '/menu/plan_formacion_alta_requerimientos',
  },
  especifica: {
    prefix: `${PRI}/plan_capacitacion/capacitacion_especifica`,
    section: 'plan.especifica',
    consultPath: '/menu/capacitacion_especifica_consulta_requerimientos',
    altaPath: '/menu/capacitacion_especifica_alta_requerimientos',
  },
  empleado: {
    prefix: `${PRI}/plan_capacitacion/temas_empleados`,
    section: 'plan.temas_empleados',
    consultPath: '/menu/temas_empleados',
    altaPath: '/menu/temas_empleados_alta',
  },
  bloque: {
    prefix: `${PRI}/catalogos/asignacion_bloques`,
    section: 'catalogos.asignacion_bloques',
    consultPath: '/menu/asignacion_bloques',
    altaPath: '/menu/asignacion_bloques_asignar',
  },
};
