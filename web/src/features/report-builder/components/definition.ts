import { asFuncion, asOperador, type ColumnaFuente, type DefinicionReporte, type Fuente, type Funcion, type Operador, type OrdenReporte } from '../api/types';

/** The server's limits of a layout (contract: columns 1–30, filters ≤ 20, grouping ≤ 3, totals ≤ 10). */
export const MAX_COLUMNS = 30;
export const MAX_FILTERS = 20;
export const MAX_GROUPS = 3;
export const MAX_TOTALS = 10;

/** Every operator, in the order the filters offer them. */
export const OPERATORS: readonly Operador[] = [
  'igual',
  'distinto',
  'contiene',
  'mayor_igual',
  'menor_igual',
  'entre',
  'proximos_dias',
  'ultimos_dias',
  'vacio',
  'no_vacio',
];
/** The most days 'en los próximos / últimos N días' takes. */
export const MAX_DAYS = 3650;
/** Every total function, in the order the totals offer them. */
export const FUNCTIONS: readonly Funcion[] = ['conteo', 'suma', 'promedio', 'porcentaje'];

/** A filter row as it is being written (its column, operator and values may be missing yet). */
export interface FilterDraft {
  id: number;
  columna: string | null;
  operador: Operador | null;
  valor: string;
  valor2: string;
}

/** A total row as it is being chosen. */
export interface TotalDraft {
  id: number;
  columna: string | null;
  funcion: Funcion | null;
}

/** Everything the builder's controls choose. */
export interface BuilderState {
  fuente: string | null;
  /** The chosen columns, in display order. */
  columnas: string[];
  filtros: FilterDraft[];
  /** Grouping levels, first to last. */
  agrupar: string[];
  totales: TotalDraft[];
  orden: OrdenReporte | null;
  /** The next row id (rows keep their React key while others come and go). */
  nextId: number;
}

export const EMPTY_STATE: BuilderState = { fuente: null, columnas: [], filtros: [], agrupar: [], totales: [], orden: null, nextId: 1 };

export type BuilderAction =
  | { type: 'source'; fuente: string | null }
  | { type: 'toggle_column'; clave: string; checked: boolean }
  | { type: 'move_column'; clave: string; by: -1 | 1 }
  | { type: 'add_filter' }
  | { type: 'filter_column'; id: number; columna: ColumnaFuente | null }
  | { type: 'filter_operator'; id: number; operador: Operador | null }
  | { type: 'filter_value'; id: number; valor?: string; valor2?: string }
  | { type: 'remove_filter'; id: number }
  | { type: 'group'; level: number; clave: string | null }
  | { type: 'add_total' }
  | { type: 'total_column'; id: number; columna: ColumnaFuente | null }
  | { type: 'total_function'; id: number; funcion: Funcion | null }
  | { type: 'remove_total'; id: number }
  | { type: 'order'; orden: OrdenReporte | null }
  | { type: 'load'; definicion: DefinicionReporte };

/** Whether an operator takes no value ('vacío', 'no vacío'). */
export const takesNoValue = (operador: Operador | null) => operador === 'vacio' || operador === 'no_vacio';
/** Whether an operator's value is a number of days, whatever its column's type. */
export const takesDays = (operador: Operador | null) => operador === 'proximos_dias' || operador === 'ultimos_dias';

/** The grouped result's count column (contract). */
export const COUNT_COLUMN = 'registros';
/** The grouped result's column of a total (contract): `${funcion}_${columna}`. */
export const totalKey = (t: { columna: string; funcion: Funcion }) => `${t.funcion}_${t.columna}`;

/** A column's operators the builder knows, in its order. */
export function operatorsOf(columna: ColumnaFuente | undefined): Operador[] {
  return columna ? OPERATORS.filter((o) => columna.operadores.includes(o)) : [];
}

/** A column's total functions the builder knows, in its order. */
export function functionsOf(columna: ColumnaFuente | undefined): Funcion[] {
  return columna ? FUNCTIONS.filter((f) => columna.funciones.includes(f)) : [];
}

/** The finished totals of the builder's rows. */
function finishedTotals(state: Pick<BuilderState, 'totales'>): { columna: string; funcion: Funcion }[] {
  return state.totales.filter((t) => t.columna && t.funcion).map((t) => ({ columna: t.columna as string, funcion: t.funcion as Funcion }));
}

/**
 * What one may sort by: in a grouped layout its result's columns (the grouping levels, the
 * count and each total), else any column of the source (the chosen ones when the source is
 * not known).
 */
export function sortableColumns(state: Pick<BuilderState, 'columnas' | 'agrupar' | 'totales'>, fuente?: Fuente): string[] {
  if (state.agrupar.length > 0) return [...new Set([...state.agrupar, COUNT_COLUMN, ...finishedTotals(state).map(totalKey)])];
  return fuente ? fuente.columnas.map((c) => c.clave) : state.columnas;
}

/** The layout's order while it can still sort it (a grouped order is no order without the grouping). */
export function effectiveOrder(state: BuilderState, fuente?: Fuente): OrdenReporte | null {
  return state.orden && sortableColumns(state, fuente).includes(state.orden.columna) ? state.orden : null;
}

const mapRow = <R extends { id: number }>(rows: R[], id: number, change: (row: R) => R) => rows.map((r) => (r.id === id ? change(r) : r));

/** The builder's state after one change. */
export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'source':
      // Another source has other columns: the layout starts over.
      return action.fuente === state.fuente ? state : { ...EMPTY_STATE, fuente: action.fuente, nextId: state.nextId };
    case 'toggle_column': {
      const has = state.columnas.includes(action.clave);
      if (action.checked === has) return state;
      if (action.checked && state.columnas.length >= MAX_COLUMNS) return state;
      const columnas = action.checked ? [...state.columnas, action.clave] : state.columnas.filter((c) => c !== action.clave);
      return { ...state, columnas };
    }
    case 'move_column': {
      const from = state.columnas.indexOf(action.clave);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= state.columnas.length) return state;
      const columnas = [...state.columnas];
      columnas.splice(from, 1);
      columnas.splice(to, 0, action.clave);
      return { ...state, columnas };
    }
    case 'add_filter':
      if (state.filtros.length >= MAX_FILTERS) return state;
      return { ...state, filtros: [...state.filtros, { id: state.nextId, columna: null, operador: null, valor: '', valor2: '' }], nextId: state.nextId + 1 };
    case 'filter_column':
      // Another column: its first operator, and the values start empty (a date is no name).
      return {
        ...state,
        filtros: mapRow(state.filtros, action.id, (f) => ({
          ...f,
          columna: action.columna?.clave ?? null,
          operador: operatorsOf(action.columna ?? undefined)[0] ?? null,
          valor: '',
          valor2: '',
        })),
      };
    case 'filter_operator':
      return {
        ...state,
        filtros: mapRow(state.filtros, action.id, (f) => ({
          ...f,
          operador: action.operador,
          // A number of days is no date, and the other way round.
          valor: takesNoValue(action.operador) || takesDays(action.operador) !== takesDays(f.operador) ? '' : f.valor,
          valor2: action.operador === 'entre' ? f.valor2 : '',
        })),
      };
    case 'filter_value':
      return {
        ...state,
        filtros: mapRow(state.filtros, action.id, (f) => ({ ...f, valor: action.valor ?? f.valor, valor2: action.valor2 ?? f.valor2 })),
      };
    case 'remove_filter':
      return { ...state, filtros: state.filtros.filter((f) => f.id !== action.id) };
    case 'group': {
      const agrupar = [...state.agrupar];
      if (action.clave === null) agrupar.splice(action.level, 1);
      else if (action.level <= agrupar.length && action.level < MAX_GROUPS) {
        // A column is one level only: choosing it again moves it here.
        const at = agrupar.indexOf(action.clave);
        agrupar[action.level] = action.clave;
        if (at >= 0 && at !== action.level) agrupar.splice(at, 1);
      }
      return { ...state, agrupar };
    }
    case 'add_total':
      if (state.totales.length >= MAX_TOTALS) return state;
      return { ...state, totales: [...state.totales, { id: state.nextId, columna: null, funcion: null }], nextId: state.nextId + 1 };
    case 'total_column': {
      // Its first function that no other row takes on the same column (a repeated total is refused).
      const clave = action.columna?.clave ?? null;
      const used = state.totales.filter((o) => o.id !== action.id && o.columna === clave).map((o) => o.funcion);
      const funcion = functionsOf(action.columna ?? undefined).find((f) => !used.includes(f)) ?? null;
      return { ...state, totales: mapRow(state.totales, action.id, (r) => ({ ...r, columna: clave, funcion })) };
    }
    case 'total_function':
      return { ...state, totales: mapRow(state.totales, action.id, (r) => ({ ...r, funcion: action.funcion })) };
    case 'remove_total':
      return { ...state, totales: state.totales.filter((r) => r.id !== action.id) };
    case 'order':
      return { ...state, orden: action.orden };
    case 'load':
      return fromDefinition(action.definicion);
  }
}

/** The builder's state of a saved layout. */
export function fromDefinition(d: DefinicionReporte): BuilderState {
  let id = 1;
  const filtros = (d.filtros ?? []).map((f) => ({ id: id++, columna: f.columna, operador: asOperador(f.operador), valor: f.valor ?? '', valor2: f.valor2 ?? '' }));
  const totales = (d.totales ?? []).map((t) => ({ id: id++, columna: t.columna, funcion: asFuncion(t.funcion) }));
  return { fuente: d.fuente, columnas: [...d.columnas], filtros, agrupar: [...(d.agrupar ?? [])], totales, orden: d.orden ?? null, nextId: id };
}

/** Whether a filter row says everything its operator needs. */
export function filterComplete(f: FilterDraft): boolean {
  if (!f.columna || !f.operador) return false;
  if (takesNoValue(f.operador)) return true;
  if (f.valor.trim() === '') return false;
  return f.operador !== 'entre' || f.valor2.trim() !== '';
}

/** What the builder sends: the layout, and how many rows are left out because they are not finished. */
export interface BuiltDefinition {
  definicion: DefinicionReporte;
  /** Filters and totals still being written (not sent). */
  unfinished: number;
}

/**
 * The layout of the builder's choices (null until a source and a column are chosen). Filters
 * and totals still being written are left out, so that the preview keeps working while they
 * are; they are counted so the screen can say so. An order that no longer sorts the layout
 * (its grouping or total went away) is left out too.
 */
export function toDefinition(state: BuilderState, fuente?: Fuente): BuiltDefinition | null {
  if (!state.fuente || state.columnas.length === 0) return null;
  const filtros = state.filtros.filter(filterComplete).map((f) => {
    const operador = f.operador as Operador;
    if (takesNoValue(operador)) return { columna: f.columna as string, operador };
    if (operador === 'entre') return { columna: f.columna as string, operador, valor: f.valor.trim(), valor2: f.valor2.trim() };
    return { columna: f.columna as string, operador, valor: f.valor.trim() };
  });
  const totales = finishedTotals(state);
  const orden = effectiveOrder(state, fuente);
  const unfinished = state.filtros.length - filtros.length + (state.totales.length - totales.length);
  return {
    definicion: { fuente: state.fuente, columnas: [...state.columnas], filtros, agrupar: [...state.agrupar], totales, orden },
    unfinished,
  };
}

/** A source's column by key. */
export function columnOf(fuente: Fuente | undefined, clave: string | null): ColumnaFuente | undefined {
  return clave ? fuente?.columnas.find((c) => c.clave === clave) : undefined;
}
