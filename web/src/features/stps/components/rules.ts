// The formats and limits of the STPS (DC-3) forms, as the server publishes them
// (src/lib/api/limits.ts, generated from its OpenAPI document), so the client says no
// before a round trip.
import { publishedPattern } from '@/lib/api/field-limits';
import { LIMITS } from '@/lib/api/limits';

const COMPANY = LIMITS.EmpresaBody;
const REPRESENTATIVE = LIMITS.NuevoRepresentante;
const ESTABLISHMENT = LIMITS.Establecimiento;

/** IMSS employer registration: 11 letters or digits. */
export const EMPLOYER_REGISTRATION_PATTERN = publishedPattern(COMPANY.registro_patronal.pattern);
export const EMPLOYER_REGISTRATION_MAX = COMPANY.registro_patronal.maxLength;
/** Names of representatives and establishments. */
export const NAME_PATTERN = publishedPattern(REPRESENTATIVE.nombre.pattern);
/** A representative's name and position. */
export const NAME_MAX = REPRESENTATIVE.nombre.maxLength;
export const COMPANY_NAME_MAX = COMPANY.razon_social.maxLength;
export const RFC_PATTERN = publishedPattern(COMPANY.rfc.pattern);
export const RFC_MIN = COMPANY.rfc.minLength;
export const RFC_MAX = COMPANY.rfc.maxLength;
export const TEXT_MAX = ESTABLISHMENT.domicilio.maxLength;
export const WORKERS_MIN = COMPANY.num_trabajadores.minimum;
export const WORKERS_MAX = COMPANY.num_trabajadores.maximum;
