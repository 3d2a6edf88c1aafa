import type { Selection, SortDirection, TableQuery } from './types';

/** Spec §9: page sizes, default size and first page. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
/** Spec §5: select-all works only up to this many records. */
export const SELECT_ALL_LIMIT = 15_000;
/** Spec §5/§9: text filters apply when longer than this, or when empty. */
export const TEXT_FILTER_MIN_EXCLUSIVE = 4;
/** The pager shows the record count only above this. */
export const COUNT_VISIBLE_ABOVE = 10;
/** Wait after the last keystroke before applying a text filter. */
export const FILTER_DEBOUNCE_MS = 450;

/** True when a typed text filter should be sent to the server. */
export function shouldApplyTextFilter(value: string): boolean {
  const length = value.trim().length;
  return length === 0 || length > TEXT_FILTER_MIN_EXCLUSIVE;
}

/** The engine's paging state the table keeps. */
export interface TableState {
  page: number;
  cantPP: number;
  order: string;
  ordertype: SortDirection;
  /** Applied filters by nomfield, with the engine's column name. */
  filters: Record<string, { column: string; input: string }>;
}

/** Builds the POST body from the table state and the screen's extra filters. */
export function buildTableQuery(
  state: TableState,
  options: {
    filtersEXT?: Record<string, unknown>;
    dateRange?: { start: string; end: string } | null;
    /** Column filters the screen sets itself (nomfield → value), e.g. from a select above the table. */
    columnFilters?: Record<string, string>;
  } = {},
): TableQuery {
  const screenFilters = Object.fromEntries(
    Object.entries(options.columnFilters ?? {}).map(([nomfield, input]) => [nomfield, { column: nomfield, input }]),
  );
  // Only filters in use are sent, so the body never names a column the engine does not know.
  const columns = Object.entries({ ...state.filters, ...screenFilters })
    .filter(([, f]) => f.input.trim() !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([nomfield, f]) => ({ column: f.column, nomfield, input: f.input.trim() }));
  const query: TableQuery = {
    page: state.page,
    columns_with_selects: columns,
    order: state.order,
    ordertype: state.ordertype,
    cantPP: state.cantPP,
    filtersEXT: options.filtersEXT ?? {},
  };
  // A range open at one end ('' start or end) sends only the other.
  if (options.dateRange?.start) query.fecha_inicial = options.dateRange.start;
  if (options.dateRange?.end) query.fecha_final = options.dateRange.end;
  return query;
}

/** Number of pages for a record count (at least one). */
export function totalPages(count: number, pageSize: number, serverPages?: number): number {
  if (count > 0) return Math.max(1, Math.ceil(count / pageSize));
  return Math.max(1, serverPages ?? 1);
}

/** How many records a selection covers. */
export function selectionCount(selection: Selection, total: number): number {
  return selection.all ? Math.max(0, total - selection.excluded.size) : selection.keys.size;
}

/** Whether one row is selected. */
export function isSelected(selection: Selection, key: string): boolean {
  return selection.all ? !selection.excluded.has(key) : selection.keys.has(key);
}

/** Toggles one row. */
export function toggleRow(selection: Selection, key: string): Selection {
  if (selection.all) {
    const excluded = new Set(selection.excluded);
    if (excluded.has(key)) excluded.delete(key);
    else excluded.add(key);
    return { all: true, excluded };
  }
  const keys = new Set(selection.keys);
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  return { all: false, keys };
}

export const EMPTY_SELECTION: Selection = { all: false, keys: new Set() };
