// The formats and limits of the resource forms, as the server publishes them
// (src/lib/api/limits.ts, generated from its OpenAPI document), so the client says no
// before a round trip.
import { publishedPattern } from '@/lib/api/field-limits';
import { LIMITS } from '@/lib/api/limits';

const INSTITUTION = LIMITS.Institucion;
const INSTRUCTOR = LIMITS.Instructor;
const VENUE = LIMITS.Sede;
const ROOM = LIMITS.Sala;

/** Names of institutions, contacts, specialities and venues. */
export const NAME_PATTERN = publishedPattern(INSTITUTION.nombre.pattern);
/** Institutions, contacts, instructors, specialities and venues share this length. */
export const NAME_MAX = INSTITUTION.nombre.maxLength;
/** A person's name: letters, spaces, dots and apostrophes. */
export const PERSON_NAME_PATTERN = publishedPattern(INSTRUCTOR.nombre.pattern);
/** Phone of an institution: digits and dashes, with the server's minimum of digits. */
export const PHONE_PATTERN = publishedPattern(INSTITUTION.telefono.pattern);
export const PHONE_MAX = INSTITUTION.telefono.maxLength;
export const EMAIL_PATTERN = publishedPattern(INSTITUTION.correo.pattern);
export const EMAIL_MAX = INSTITUTION.correo.maxLength;
export const USER_PATTERN = publishedPattern(INSTRUCTOR.usuario.pattern);
export const USER_MAX = INSTRUCTOR.usuario.maxLength;
export const RFC_PATTERN = publishedPattern(INSTRUCTOR.rfc.pattern);
export const RFC_MIN = INSTRUCTOR.rfc.minLength;
export const RFC_MAX = INSTRUCTOR.rfc.maxLength;
export const STPS_PATTERN = publishedPattern(INSTRUCTOR.registro_stps.pattern);
export const STPS_MAX = INSTRUCTOR.registro_stps.maxLength;
export const TEXT_MAX = VENUE.direccion.maxLength;
export const URL_MAX = VENUE.url_mapa.maxLength;
export const ROOM_NAME_MAX = ROOM.nombre.maxLength;
export const CAPACITY_MIN = ROOM.capacidad.minimum;
export const CAPACITY_MAX = ROOM.capacidad.maximum;

/** True for an absolute http(s) address. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}
