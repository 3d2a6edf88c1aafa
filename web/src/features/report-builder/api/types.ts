// The reports API's shapes (docs: the issue 17 contract). Written by hand until the server's
// OpenAPI document names them; then they become `Schema<…>` aliases.

/** A column's data type: how its values are filtered, shown and totalled. */
export type TipoColumna = 'texto' | 'entero' | 'decimal' | 'fecha' | 'dinero' | 'bandera';

/** A filter's comparison. */
export type Operador = 'igual' | 'distinto' | 'contiene' | 'mayor_igual' | 'menor_igual' | 'entre' | 'vacio' | 'no_vacio';

/** A total's function. */
export type Funcion = 'conteo' | 'suma' | 'promedio' | 'porcentaje';

/** A file format of the exports. */
export type Formato = 'xlsx' | 'csv' | 'pdf';

/** One value a column may take, for a select. */
export interface OpcionColumna {
  value: string;
  label: string;
}

/** A column of a data source, with what it allows. */
export interface ColumnaFuente {
  clave: string;
  titulo: string;
  tipo: TipoColumna;
  agrupable: boolean;
  operadores: string[];
  funciones: string[];
  opciones: OpcionColumna[];
}

/** A data source of the report builder (empleados, plan, cursos…). */
export interface Fuente {
  clave: string;
  nombre: string;
  descripcion: string;
  columnas: ColumnaFuente[];
}

/** One filter of a layout. */
export interface FiltroReporte {
  columna: string;
  operador: Operador;
  valor?: string | null;
  valor2?: string | null;
}

/** One total of a layout. */
export interface TotalReporte {
  columna: string;
  funcion: Funcion;
}

/** The order of a layout's rows. */
export interface OrdenReporte {
  columna: string;
  descendente: boolean;
}

/** A report layout: source, columns in display order, filters, grouping, totals and order. */
export interface DefinicionReporte {
  fuente: string;
  columnas: string[];
  filtros: FiltroReporte[];
  agrupar: string[];
  totales: TotalReporte[];
  orden?: OrdenReporte | null;
}

/** A column of a result. */
export interface ColumnaResultado {
  clave: string;
  titulo: string;
  tipo: TipoColumna;
}

/** A grand total of a result (over every filtered row). */
export interface TotalResultado {
  columna: string;
  funcion: Funcion;
  titulo: string;
  valor: number | null;
}

/** The paging of a result. */
export interface PaginasResultado {
  pages: number;
  ultima_page: number;
  cantidad_registros: number;
}

/** One page of a report's rows, with its grand totals. */
export interface ResultadoReporte {
  columnas: ColumnaResultado[];
  filas: (string | number | null)[][];
  totales: TotalResultado[];
  pages: PaginasResultado;
}

/** A recipient of a scheduled delivery. */
export interface Destinatario {
  cve_empleado: number;
  nombre_empleado: string;
  correo_empleado: string | null;
}

/** How often a saved layout is e-mailed. */
export type Frecuencia = 'semanal' | 'mensual';

/** A saved layout's scheduled e-mail delivery. */
export interface Programacion {
  frecuencia: Frecuencia;
  /** semanal: 1 (lunes) … 7; mensual: 1 … 28. */
  dia: number;
  formato: Formato;
  destinatarios: Destinatario[];
  /** AAAA-MM-DD. */
  proximo_envio: string;
}

/** A saved layout as GET reportes/guardados answers it. */
export interface ReporteGuardado {
  id_reporte: number;
  nombre: string;
  descripcion: string;
  fuente: string;
  fuente_nombre: string;
  definicion: DefinicionReporte;
  perfiles: number[];
  propio: boolean;
  puede_editar: boolean;
  creado_por_nombre: string;
  actualizado: string;
  programacion: Programacion | null;
}

/** The body of POST and PUT reportes/guardados. */
export interface ReporteGuardadoForm {
  nombre: string;
  descripcion: string;
  definicion: DefinicionReporte;
  perfiles: number[];
}

/** The body of PUT reportes/guardados/{id}/programacion. */
export interface ProgramacionForm {
  frecuencia: Frecuencia;
  dia: number;
  formato: Formato;
  destinatarios: number[];
}

/** What a plain write answers. */
export interface Respuesta {
  resp?: string;
}

/** What creating a layout answers. */
export interface ReporteCreado {
  resp?: string;
  id_reporte: number;
}

/** What queuing a background export answers (202). */
export interface ExportacionCreada {
  resp?: string;
  id_exportacion: number;
}
