import type { Schema } from '@/lib/api/schema';
import type { Estado } from '../components/rules';

/** An active employee found by their whole CURP. */
export type EmpleadoCurp = Schema<'EmpleadoCurp'>;
/** GET catalogos/empleados/getByCurpTotal/{curp}. */
export type RespEmpleadosCurp = Schema<'RespEmpleadosCurp'>;
/** A topic found by name or abbreviation, with its certification months. */
export type TemaNombre = Schema<'TemaBuscado'>;
/** POST catalogos/temas/getTemaNombre: `res` 'Excelente' or 'Tema no encontrado', and the list. */
export type RespTemasNombre = Schema<'PorNombreResp'>;
/** The body of getTemaNombre. */
export type BusquedaTema = Schema<'PorNombre'>;
/** An uploaded DC-3: the stored key to send as `link_dc3` / `url`. */
export type Dc3Subido = Schema<'Dc3Subido'>;
/** One certification to load (spec §4: Upload record). */
export type UploadRecord = Schema<'UploadRecord'>;
/** The rows read from a bulk file. */
export type FilasCertificaciones = Schema<'FilasCertificaciones'>;
/** The body of POST proveedor/alta. */
export type AltaCertificaciones = Schema<'AltaCertificaciones'>;
/** What POST proveedor/alta stored and refused. */
export type ResultadoAlta = Schema<'ResultadoAlta'>;
/** A refused row of a batch (`indice` 0-based within the batch). */
export type ErrorAlta = Schema<'ErrorAlta'>;
/** The body of cargarDC3 / cambiarDC3. */
export type CambioDc3 = Schema<'CambioDc3'>;
/** The answer of an authorisation: the accreditation it wrote. */
export type Autorizacion = Schema<'Autorizacion'>;
/** The body of a rejection. */
export type Rechazo = Schema<'Rechazo'>;

/**
 * One row of 'Registros de alta de empleados' (hand-typed: the table engine's rows are
 * untyped in the OpenAPI document, `TablePage.result`).
 */
export interface LogRow {
  cve_log: number;
  /** The worker's name. */
  certificado: string;
  num_empleado: string | null;
  curp_empleado: string;
  nombre_tema: string;
  nombre_proveedor: string;
  fecha_realizacion: string;
  fecha_vigencia: string;
  fecha_alta: string;
  /** The stored DC-3's key, '' while none is loaded. */
  link_dc3: string;
  estado: Estado;
  motivo_rechazo: string | null;
}
