import { format } from 'date-fns';
import { z } from 'zod';
import type { Cia } from '@/lib/company/types';
import type { RegistrationPayload } from '../api/register';

/** Spec §5 registration rules. */
export const CURP_LENGTH = 18;
export const RFC_MIN = 12;
export const RFC_MAX = 13;

type T = (key: string) => string;

/** The registration form schema, with messages in the current language. */
export function registrationSchema(t: T) {
  const required = t('auth:register.errors.required');
  return z.object({
    n2: z.string().min(1, required),
    n3: z.string().min(1, required),
    n4: z.string().min(1, required),
    cve_puesto: z.string().min(1, required),
    nombre: z.string().trim().min(1, required).max(150, required),
    curp: z
      .string()
      .trim()
      .length(CURP_LENGTH, t('auth:register.errors.curp')),
    rfc: z
      .string()
      .trim()
      .min(RFC_MIN, t('auth:register.errors.rfc'))
      .max(RFC_MAX, t('auth:register.errors.rfc')),
    telefono: z.string().trim().regex(/^\d+$/, t('auth:register.errors.phone')),
    correo: z.string().trim().pipe(z.email(t('auth:register.errors.email'))),
    genero: z.enum(['H', 'M'], t('auth:register.errors.gender')),
    fecha_nacimiento: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, t('auth:register.errors.birth_date'))
      .refine((v) => {
        const date = new Date(`${v}T00:00:00`);
        return !Number.isNaN(date.getTime()) && date < new Date() && date.getFullYear() > 1900;
      }, t('auth:register.errors.birth_date')),
    estado: z.string().min(1, t('auth:register.errors.state')),
  });
}

export type RegistrationValues = z.infer<ReturnType<typeof registrationSchema>>;

export const EMPTY_REGISTRATION = {
  n2: '',
  n3: '',
  n4: '',
  cve_puesto: '',
  nombre: '',
  curp: '',
  rfc: '',
  telefono: '',
  correo: '',
  genero: '' as unknown as 'H',
  fecha_nacimiento: '',
  estado: '',
} satisfies RegistrationValues;

/** Combo values arrive as text; ids go back to the server as numbers. */
function asId(value: string): number | string {
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** Builds the spec §3 payload with the §9 registration defaults. */
export function registrationPayload(
  values: RegistrationValues,
  positionLabel: string,
  cia: Cia | undefined,
  today: Date = new Date(),
): RegistrationPayload {
  const day = format(today, 'yyyy-MM-dd');
  return {
    N2: asId(values.n2),
    N3: asId(values.n3),
    N4: asId(values.n4),
    N5: '',
    N6: 'WEB',
    N7: 'WEB',
    Puesto: positionLabel,
    cve_puesto: Number(values.cve_puesto),
    NumEmpleado: -1,
    NombreEmpleado: values.nombre.trim(),
    FechaIngreso: day,
    IDTarjeta: '',
    JEFE: '',
    GENERO: values.genero,
    EMP_MAIL: values.correo.trim(),
    EMP_CURP: values.curp.trim().toUpperCase(),
    EMP_RFC: values.rfc.trim().toUpperCase(),
    TipoDeEmpleado: '',
    FechaNacimiento: values.fecha_nacimiento,
    FechaInicioPuesto: day,
    Activo: 'SI',
    Perfiles: 'Participante',
    Telefono: values.telefono.trim(),
    nombre_cia: cia?.nomcia ?? '',
    cia_logo: cia?.logo ?? '',
    color_fondo: cia?.color_fondo_header ?? '',
    cia_url: typeof window !== 'undefined' ? window.location.origin : '',
    estado: asId(values.estado),
  };
}
