import { z } from 'zod';
import { publishedPattern } from '@/lib/api/field-limits';
import { LIMITS } from '@/lib/api/limits';
import { isOn } from '@/lib/flags';
import { EMPLOYEE_TYPES, type EmployeeBody } from '../api/create-employee';
import type { EmployeeDetail, ExtraPlant } from '../api/get-employee';

// The server's published rules for the employee form (src/lib/api/limits.ts, generated
// from its OpenAPI document).
const FORM = LIMITS.EmployeeForm;

/** Official CURP format (the server's `validate::is_curp`), upper case. */
export const CURP_PATTERN = publishedPattern(FORM.curp.pattern);
/** Official RFC format (12 characters for companies, 13 for people). */
export const RFC_PATTERN = publishedPattern(FORM.rfc_empleado.pattern);
export const RFC_MIN = FORM.rfc_empleado.minLength;
export const RFC_MAX = FORM.rfc_empleado.maxLength;
/** The server's e-mail pattern. */
export const EMAIL_PATTERN = publishedPattern(FORM.correo_empleado.pattern);
/** Employee number: letters, digits and dashes. */
export const NUM_PATTERN = publishedPattern(FORM.num_empleado.pattern);
const DATE_PATTERN = publishedPattern(FORM.fecha_nacimiento.pattern);
/** Phone: digits only, as many as the server takes. */
const PHONE_PATTERN = publishedPattern(FORM.telefono.pattern);

export const NUM_MAX = FORM.num_empleado.maxLength;
export const NAME_MAX = FORM.nombre_empleado.maxLength;
export const EMAIL_MAX = FORM.correo_empleado.maxLength;
export const CARD_MAX = FORM.id_tarjeta.maxLength;
export const CURP_LENGTH = FORM.curp.maxLength;
/** Phone digits (local and international numbers). */
export const PHONE_MIN = FORM.telefono.minLength;
export const PHONE_LENGTH = FORM.telefono.maxLength;

/** Today as `YYYY-MM-DD` in local time. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function isDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The form's schema: the contract's "Employee form" rules, with the spec §5 messages. */
export function employeeSchema(t: Translate) {
  const required = t('employees:validation.required');
  // The server takes no date after today (birth, entry, start in position).
  const optionalDate = z
    .string()
    .trim()
    .refine((v) => v === '' || isDate(v), t('employees:validation.date'))
    .refine((v) => v === '' || !isDate(v) || v <= today(), t('employees:validation.future_date'));
  const id = z.string().nullable();
  return z
    .object({
      num_empleado: z
        .string()
        .trim()
        .min(1, required)
        .max(NUM_MAX, t('employees:validation.too_long', { max: NUM_MAX }))
        .regex(NUM_PATTERN, t('employees:validation.num_empleado')),
      nombre_empleado: z.string().trim().min(1, required).max(NAME_MAX, t('employees:validation.too_long', { max: NAME_MAX })),
      curp: z
        .string()
        .trim()
        .min(1, required)
        .refine((v) => v.length === CURP_LENGTH && CURP_PATTERN.test(v.toUpperCase()), t('employees:validation.curp')),
      rfc_empleado: z
        .string()
        .trim()
        .refine((v) => v === '' || (v.length >= RFC_MIN && v.length <= RFC_MAX), t('employees:validation.rfc'))
        .refine((v) => v === '' || v.length < RFC_MIN || v.length > RFC_MAX || RFC_PATTERN.test(v.toUpperCase()), t('employees:validation.rfc_format')),
      correo_empleado: z
        .string()
        .trim()
        .max(EMAIL_MAX, t('employees:validation.too_long', { max: EMAIL_MAX }))
        .refine((v) => v === '' || EMAIL_PATTERN.test(v), t('employees:validation.email')),
      telefono: z
        .string()
        .trim()
        .refine((v) => v === '' || PHONE_PATTERN.test(v), t('employees:validation.phone')),
      genero: z.enum(['', 'H', 'M']),
      fecha_nacimiento: optionalDate,
      n2: id,
      n3: id,
      n4: id,
      n5: id,
      n6: id,
      n7: id,
      cve_puesto: id,
      cve_planta: id,
      plantas: z.array(z.string()),
      cve_pais: id,
      cve_estado: id,
      cve_tipo_poblacion: id,
      cve_supervisor: id,
      fecha_ingreso: optionalDate,
      fecha_inicio_puesto: optionalDate,
      tipo_empleado: z.enum(EMPLOYEE_TYPES),
      id_tarjeta: z.string().trim().max(CARD_MAX, t('employees:validation.too_long', { max: CARD_MAX })),
      ocupacion: z.string().nullable(),
      activo: z.boolean(),
    })
    .superRefine((v, ctx) => {
      for (const field of ['n2', 'n3', 'n4', 'cve_puesto'] as const) {
        if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message: required });
      }
    });
}

export type EmployeeValues = z.infer<ReturnType<typeof employeeSchema>>;

/** The form's fields, the ones server `fields` errors can point at. */
export const EMPLOYEE_INPUTS = [
  'num_empleado',
  'nombre_empleado',
  'curp',
  'rfc_empleado',
  'correo_empleado',
  'telefono',
  'genero',
  'fecha_nacimiento',
  'n2',
  'n3',
  'n4',
  'n5',
  'n6',
  'n7',
  'cve_puesto',
  'cve_planta',
  'plantas',
  'cve_pais',
  'cve_estado',
  'cve_tipo_poblacion',
  'cve_supervisor',
  'fecha_ingreso',
  'fecha_inicio_puesto',
  'tipo_empleado',
  'id_tarjeta',
  'ocupacion',
  'activo',
] as const satisfies readonly (keyof EmployeeValues)[];

/** The field a 409 `duplicado.*` code belongs to. */
export const DUPLICATE_FIELDS: Record<string, keyof EmployeeValues> = {
  'duplicado.num_empleado': 'num_empleado',
  'duplicado.curp': 'curp',
  'duplicado.rfc': 'rfc_empleado',
  'duplicado.correo': 'correo_empleado',
};

/** México, the default country of a new employee. */
export const DEFAULT_COUNTRY = '1';

/** A blank form for "Nuevo empleado". */
export function emptyEmployee(): EmployeeValues {
  return {
    num_empleado: '',
    nombre_empleado: '',
    curp: '',
    rfc_empleado: '',
    correo_empleado: '',
    telefono: '',
    genero: '',
    fecha_nacimiento: '',
    n2: null,
    n3: null,
    n4: null,
    n5: null,
    n6: null,
    n7: null,
    cve_puesto: null,
    cve_planta: null,
    plantas: [],
    cve_pais: DEFAULT_COUNTRY,
    cve_estado: null,
    cve_tipo_poblacion: null,
    cve_supervisor: null,
    fecha_ingreso: '',
    fecha_inicio_puesto: '',
    tipo_empleado: 'Interno',
    id_tarjeta: '',
    ocupacion: null,
    activo: true,
  };
}

function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value.trim()) && Number(value) > 0) return value.trim();
  return null;
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The id of an extra plant, whichever shape the detail lists it in. */
export function extraPlantId(plant: ExtraPlant): string | null {
  if (typeof plant === 'object' && plant !== null) return idText(plant.cve_planta ?? plant.value);
  return idText(plant);
}

/** The form values of an employee being edited (GET catalogos/empleados/{cve}). */
export function valuesFromDetail(d: EmployeeDetail): EmployeeValues {
  const genero = d.genero === 'H' || d.genero === 'M' ? d.genero : '';
  const tipo = (EMPLOYEE_TYPES as readonly string[]).includes(text(d.tipo_empleado))
    ? (d.tipo_empleado as EmployeeValues['tipo_empleado'])
    : 'Interno';
  const main = idText(d.cve_planta);
  return {
    num_empleado: text(d.num_empleado),
    nombre_empleado: text(d.nombre_empleado),
    curp: text(d.curp).toUpperCase(),
    rfc_empleado: text(d.rfc_empleado).toUpperCase(),
    correo_empleado: text(d.correo_empleado),
    telefono: text(d.telefono),
    genero,
    fecha_nacimiento: text(d.fecha_nacimiento).slice(0, 10),
    n2: idText(d.n2),
    n3: idText(d.n3),
    n4: idText(d.n4),
    n5: idText(d.n5),
    n6: idText(d.n6),
    n7: idText(d.n7),
    cve_puesto: idText(d.cve_puesto),
    cve_planta: main,
    plantas: (d.plantas ?? []).map(extraPlantId).filter((p): p is string => p !== null && p !== main),
    cve_pais: idText(d.cve_pais),
    cve_estado: idText(d.cve_estado),
    cve_tipo_poblacion: idText(d.cve_tipo_poblacion),
    cve_supervisor: idText(d.cve_supervisor),
    fecha_ingreso: text(d.fecha_ingreso).slice(0, 10),
    fecha_inicio_puesto: text(d.fecha_inicio_puesto).slice(0, 10),
    tipo_empleado: tipo,
    id_tarjeta: text(d.id_tarjeta),
    ocupacion: d.ocupacion ? String(d.ocupacion) : null,
    activo: d.activo === null || d.activo === undefined ? true : isOn(d.activo),
  };
}

const num = (value: string | null): number | null => (value ? Number(value) : null);
const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The request body from valid form values (identifiers upper-cased, e-mail lower-cased). */
export function bodyFromValues(v: EmployeeValues): EmployeeBody {
  const main = num(v.cve_planta);
  return {
    num_empleado: v.num_empleado.trim(),
    nombre_empleado: v.nombre_empleado.trim(),
    curp: v.curp.trim().toUpperCase(),
    rfc_empleado: orNull(v.rfc_empleado.toUpperCase()),
    correo_empleado: orNull(v.correo_empleado.toLowerCase()),
    telefono: orNull(v.telefono),
    genero: v.genero === '' ? null : v.genero,
    fecha_nacimiento: orNull(v.fecha_nacimiento),
    cve_puesto: Number(v.cve_puesto),
    n2: Number(v.n2),
    n3: Number(v.n3),
    n4: Number(v.n4),
    n5: num(v.n5),
    n6: num(v.n6),
    n7: num(v.n7),
    cve_planta: main,
    plantas: [...new Set(v.plantas.map(Number))].filter((p) => p !== main),
    cve_pais: num(v.cve_pais),
    cve_estado: num(v.cve_estado),
    cve_tipo_poblacion: num(v.cve_tipo_poblacion),
    cve_supervisor: num(v.cve_supervisor),
    fecha_ingreso: orNull(v.fecha_ingreso),
    fecha_inicio_puesto: orNull(v.fecha_inicio_puesto),
    tipo_empleado: v.tipo_empleado,
    id_tarjeta: orNull(v.id_tarjeta),
    ocupacion: v.ocupacion || null,
    activo: v.activo ? 1 : 0,
  };
}
