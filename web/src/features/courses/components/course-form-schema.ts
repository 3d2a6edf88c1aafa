import { z } from 'zod';
import type { CursoBody, CursoDetalle, Modalidad, ReunionTipo, SesionBody, SolicitudCurso } from '../api/types';
import { COST_FIELDS, allowsMeeting, centavos, mapCosts, seatLimit, sessionProblems, sortedSessions } from './course-rules';

type T = (key: string, options?: Record<string, unknown>) => string;

/** What the course form edits. Costs in pesos as typed; sent as centavos. */
export interface CourseValues {
  cve_tema: number | null;
  nombre_corto: string;
  modalidad: Modalidad;
  sesiones: SesionBody[];
  cve_planta: number | null;
  cve_sede: number | null;
  cve_sala: number | null;
  cve_instructor: number | null;
  capacidad: number | null;
  dias_acceso: number | null;
  autoinscripcion: boolean;
  epv: boolean;
  moneda: 'MXN' | 'USD';
  tipo_cambio: number | null;
  costo_instructor: number | null;
  costo_coffee_break: number | null;
  costo_impresiones: number | null;
  costo_renta_sala: number | null;
  costo_otros: number | null;
  reunion_tipo: ReunionTipo;
  reunion_url: string;
}

/** Inputs a server `fields` message may name. */
export const COURSE_INPUTS = [
  'cve_tema',
  'nombre_corto',
  'modalidad',
  'sesiones',
  'cve_planta',
  'cve_sede',
  'cve_sala',
  'cve_instructor',
  'capacidad',
  'dias_acceso',
  'moneda',
  'tipo_cambio',
  ...COST_FIELDS,
  'reunion_tipo',
  'reunion_url',
] as const;

/** The input of each course error code (conflicts show on the field they are about). */
export const COURSE_CODE_FIELDS = {
  'cursos.sala_ocupada': 'cve_sala',
  'cursos.instructor_ocupado': 'cve_instructor',
  'cursos.capacidad_sala': 'capacidad',
  'cursos.capacidad_menor_inscritos': 'capacidad',
  'cursos.tema_con_inscritos': 'cve_tema',
  'cursos.reunion_fallo': 'reunion_tipo',
} as const;

/** An empty session row. */
export const EMPTY_SESSION: SesionBody = { fecha: '', hora_inicio: '', hora_fin: '' };

/** A new course's values. */
export function emptyCourseValues(): CourseValues {
  return {
    cve_tema: null,
    nombre_corto: '',
    modalidad: 'PRESENCIAL',
    sesiones: [{ ...EMPTY_SESSION }],
    cve_planta: null,
    cve_sede: null,
    cve_sala: null,
    cve_instructor: null,
    capacidad: null,
    dias_acceso: 0,
    autoinscripcion: true,
    epv: false,
    moneda: 'MXN',
    tipo_cambio: 1,
    costo_instructor: 0,
    costo_coffee_break: 0,
    costo_impresiones: 0,
    costo_renta_sala: 0,
    costo_otros: 0,
    reunion_tipo: 'ninguna',
    reunion_url: '',
  };
}

const on = (v: unknown) => v === true || v === 1 || v === '1';

/** The values of an existing course; a copy keeps the times but asks for new dates. */
export function courseToValues(course: CursoDetalle, copy: boolean): CourseValues {
  return {
    cve_tema: course.cve_tema,
    nombre_corto: course.nombre_corto ?? '',
    modalidad: course.modalidad as Modalidad,
    sesiones: course.sesiones.length
      ? course.sesiones.map((s) => ({ fecha: copy ? '' : s.fecha, hora_inicio: s.hora_inicio.slice(0, 5), hora_fin: s.hora_fin.slice(0, 5) }))
      : [{ ...EMPTY_SESSION }],
    cve_planta: course.cve_planta ?? null,
    cve_sede: course.cve_sede ?? null,
    cve_sala: course.cve_sala ?? null,
    cve_instructor: course.cve_instructor ?? null,
    capacidad: course.capacidad,
    dias_acceso: course.dias_acceso,
    autoinscripcion: on(course.autoinscripcion),
    epv: on(course.epv),
    moneda: course.moneda === 'USD' ? 'USD' : 'MXN',
    tipo_cambio: course.tipo_cambio,
    ...mapCosts(course, (centavos) => (centavos ?? 0) / 100),
    reunion_tipo: (course.reunion_tipo ?? 'ninguna') as ReunionTipo,
    reunion_url: course.reunion_tipo === 'manual' ? (course.reunion_url ?? '') : '',
  };
}

/** A new course answering a course-date request: its topic and its wished date. */
export function requestToValues(request: SolicitudCurso): CourseValues {
  return {
    ...emptyCourseValues(),
    cve_tema: request.cve_tema,
    sesiones: [{ fecha: request.fecha_deseada.slice(0, 10), hora_inicio: '', hora_fin: '' }],
    capacidad: Math.max(1, request.participantes || 1),
  };
}

/** Rules of the chosen topic and room the schema needs. */
export interface FormContext {
  requiereSala: boolean;
  requiereInstructor: boolean;
  roomCapacity: number | null;
  minCapacity: number;
}

/** The course form's rules. */
export function courseSchema(t: T, ctx: FormContext) {
  const number = z.number().nullable();
  return z
    .object({
      cve_tema: number,
      nombre_corto: z.string().max(120, t('courses:form.errors.max', { max: 120 })),
      modalidad: z.enum(['PRESENCIAL', 'VIRTUAL', 'STREAMING', 'E_LEARNING', 'AUTOESTUDIO']),
      sesiones: z.array(z.object({ fecha: z.string(), hora_inicio: z.string(), hora_fin: z.string() })),
      cve_planta: number,
      cve_sede: number,
      cve_sala: number,
      cve_instructor: number,
      capacidad: number,
      dias_acceso: number,
      autoinscripcion: z.boolean(),
      epv: z.boolean(),
      moneda: z.enum(['MXN', 'USD']),
      tipo_cambio: number,
      costo_instructor: number,
      costo_coffee_break: number,
      costo_impresiones: number,
      costo_renta_sala: number,
      costo_otros: number,
      reunion_tipo: z.enum(['ninguna', 'manual', 'jitsi', 'teams']),
      reunion_url: z.string(),
    })
    .superRefine((v, ctxZ) => {
      const issue = (path: (string | number)[], message: string) => ctxZ.addIssue({ code: 'custom', path, message });
      if (!v.cve_tema) issue(['cve_tema'], t('courses:form.errors.required'));
      if (v.sesiones.length === 0) issue(['sesiones'], t('courses:form.errors.one_session'));
      if (v.sesiones.length > 60) issue(['sesiones'], t('courses:form.errors.max_sessions', { max: 60 }));
      sessionProblems(v.sesiones).forEach((row, i) => {
        for (const [field, problem] of Object.entries(row)) issue(['sesiones', i, field], t(`courses:form.errors.${problem}`));
      });
      const limit = seatLimit(ctx.roomCapacity);
      if (v.capacidad == null || !Number.isInteger(v.capacidad) || v.capacidad < 1) issue(['capacidad'], t('courses:form.errors.capacity_min'));
      else if (v.capacidad > limit)
        issue(['capacidad'], ctx.roomCapacity ? t('courses:form.errors.capacity_room', { max: limit }) : t('courses:form.errors.max_value', { max: limit }));
      if (v.dias_acceso == null || v.dias_acceso < 0 || v.dias_acceso > 3650 || !Number.isInteger(v.dias_acceso))
        issue(['dias_acceso'], t('courses:form.errors.range', { min: 0, max: 3650 }));
      if (v.tipo_cambio == null || v.tipo_cambio <= 0) issue(['tipo_cambio'], t('courses:form.errors.positive'));
      for (const field of COST_FIELDS) if (v[field] != null && v[field] < 0) issue([field], t('courses:form.errors.not_negative'));
      if (ctx.requiereSala && v.modalidad === 'PRESENCIAL' && !v.cve_sala) issue(['cve_sala'], t('courses:form.errors.room_required'));
      if (ctx.requiereInstructor && !v.cve_instructor) issue(['cve_instructor'], t('courses:form.errors.instructor_required'));
      if (!allowsMeeting(v.modalidad) && v.reunion_tipo !== 'ninguna') issue(['reunion_tipo'], t('courses:form.errors.meeting_modality'));
      if (v.reunion_tipo === 'manual' && !/^https?:\/\/\S+$/i.test(v.reunion_url.trim())) issue(['reunion_url'], t('courses:form.errors.url'));
    });
}

/** The body the server receives: sessions sorted, money in centavos. */
export function coursePayload(v: CourseValues, extra: { cve_solicitud_curso?: number | null; copia_de?: number | null }): CursoBody {
  const meeting = allowsMeeting(v.modalidad) ? v.reunion_tipo : 'ninguna';
  return {
    cve_tema: v.cve_tema as number,
    nombre_corto: v.nombre_corto.trim() || null,
    modalidad: v.modalidad,
    sesiones: sortedSessions(v.sesiones),
    cve_planta: v.cve_planta,
    cve_sede: v.cve_sede,
    cve_sala: v.cve_sala,
    cve_instructor: v.cve_instructor,
    capacidad: v.capacidad as number,
    dias_acceso: v.dias_acceso ?? 0,
    autoinscripcion: v.autoinscripcion,
    epv: v.epv,
    moneda: v.moneda,
    tipo_cambio: v.tipo_cambio ?? 1,
    ...mapCosts(v, centavos),
    reunion_tipo: meeting,
    reunion_url: meeting === 'manual' ? v.reunion_url.trim() : null,
    cve_solicitud_curso: extra.cve_solicitud_curso ?? null,
    copia_de: extra.copia_de ?? null,
  };
}
