import type { Schema } from '@/lib/api/schema';
import type { paths } from '@/lib/api/schema.d';

// The reports API's shapes come from the server's OpenAPI document. The document types the
// coded words (a column's type, an operator, a function, a format) as plain strings; the
// unions below name the values the server documents for them, and the builder narrows the
// strings it reads with the guards next to them.

/** A column's data type: how its values are filtered, shown and totalled. */
export type TipoColumna = 'texto' | 'entero' | 'decimal' | 'fecha' | 'dinero' | 'bandera';

/** A filter's comparison ('proximos_dias' and 'ultimos_dias' take a number of days, for dates). */
export type Operador =
  | 'igual'
  | 'distinto'
  | 'contiene'
  | 'mayor_igual'
  | 'menor_igual'
  | 'entre'
  | 'proximos_dias'
  | 'ultimos_dias'
  | 'vacio'
  | 'no_vacio';

/** A total's function. */
export type Funcion = 'conteo' | 'suma' | 'promedio' | 'porcentaje';

/** A file format of the exports. */
export type Formato = 'xlsx' | 'csv' | 'pdf';

/** How often a saved layout is e-mailed. */
export type Frecuencia = 'semanal' | 'mensual';

/** One value a column may take, for a select. */
export type OpcionColumna = Schema<'OpcionValor'>;
/**
 * A data source of the report builder (empleados, plan, cursos…), as GET reportes/fuentes
 * answers it: read off the call rather than by its schema's name, which the help
 * assistant's source of an answer also goes by.
 */
export type Fuente = paths['/api/pri/reportes/fuentes']['get']['responses'][200]['content']['application/json'][number];
/** A column of a data source, with what it allows (its operators, functions and options). */
export type ColumnaFuente = Fuente['columnas'][number];
/** One filter of a layout. */
export type FiltroReporte = Schema<'FiltroReporte'>;
/** One total of a layout. */
export type TotalReporte = Schema<'TotalReporte'>;
/** The order of a layout's rows. */
export type OrdenReporte = Schema<'OrdenReporte'>;
/** A report layout: source, columns in display order, filters, grouping, totals and order. */
export type DefinicionReporte = Schema<'DefinicionReporte'>;
/** A column of a result. */
export type ColumnaResultado = Schema<'ColumnaResultado'>;
/** A grand total of a result (over every filtered row). */
export type TotalResultado = Schema<'TotalResultado'>;
/** A cell of a result: text, a number, or nothing. */
export type Celda = string | number | boolean | null;
/**
 * One page of a report's rows, with its grand totals. The document calls a cell an Object
 * (any JSON value); the server writes text, numbers or null.
 */
export type ResultadoReporte = Omit<Schema<'ResultadoReporte'>, 'filas'> & { filas: Celda[][] };
/** A recipient of a scheduled delivery. */
export type Destinatario = Schema<'Destinatario'>;
/** A saved layout's scheduled e-mail delivery. */
export type Programacion = Schema<'Programacion'>;
/** A saved layout as GET reportes/guardados answers it. */
export type ReporteGuardado = Schema<'ReporteGuardado'>;
/** The body of POST and PUT reportes/guardados. */
export type ReporteGuardadoForm = Schema<'GuardarReporte'>;
/** The body of PUT reportes/guardados/{id}/programacion. */
export type ProgramacionForm = Schema<'ProgramarReporte'>;
/** What a plain write answers. */
export type Respuesta = Schema<'Resp'>;
/** What creating a layout answers. */
export type ReporteCreado = Schema<'ReporteCreado'>;
/** What queuing a background export answers (202). */
export type ExportacionCreada = Schema<'ExportacionCreada'>;

const TIPOS: readonly string[] = ['texto', 'entero', 'decimal', 'fecha', 'dinero', 'bandera'];
const OPERADORES: readonly string[] = ['igual', 'distinto', 'contiene', 'mayor_igual', 'menor_igual', 'entre', 'proximos_dias', 'ultimos_dias', 'vacio', 'no_vacio'];
const FUNCIONES: readonly string[] = ['conteo', 'suma', 'promedio', 'porcentaje'];
const FORMATOS: readonly string[] = ['xlsx', 'csv', 'pdf'];

/** A column's type as the builder knows it (an unknown one is shown as text). */
export const asTipo = (s: string): TipoColumna => (TIPOS.includes(s) ? (s as TipoColumna) : 'texto');
/** An operator the builder knows, else null. */
export const asOperador = (s: string | null | undefined): Operador | null => (s && OPERADORES.includes(s) ? (s as Operador) : null);
/** A function the builder knows, else null. */
export const asFuncion = (s: string | null | undefined): Funcion | null => (s && FUNCIONES.includes(s) ? (s as Funcion) : null);
/** A format the builder knows (Excel for anything else). */
export const asFormato = (s: string | null | undefined): Formato => (s && FORMATOS.includes(s) ? (s as Formato) : 'xlsx');
/** A frequency (weekly for anything else). */
export const asFrecuencia = (s: string): Frecuencia => (s === 'mensual' ? 'mensual' : 'semanal');
