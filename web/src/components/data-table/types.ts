import type { ReactNode } from 'react';

/** Sort direction the table engine understands. */
export type SortDirection = 'asc' | 'desc';

/** One option of a select filter. */
export interface FilterOption {
  value: string | number;
  label: string;
}

/** Column description answered by the table engine (`columns_with_selects`). */
export interface ColumnMeta {
  column: string;
  nomfield: string;
  tipo: 'text' | 'select' | 'none';
  ordenable: boolean;
  input?: string | null;
  options?: FilterOption[];
}

/** Paging block of a table answer. */
export interface TablePages {
  pages: number;
  ultima_page: number;
  cantidad_registros: number;
}

/** A table engine answer. */
export interface TableResponse<Row> {
  result: Row[];
  pages: TablePages;
  columns_with_selects: ColumnMeta[];
}

/** The body POSTed to a table url (docs/api-contract.md, "Table engine"). */
export interface TableQuery {
  page: number;
  fecha_inicial?: string;
  fecha_final?: string;
  columns_with_selects: { column: string; nomfield: string; input: string }[];
  order: string;
  ordertype: SortDirection;
  cantPP: number;
  filtersEXT: Record<string, unknown>;
  excel?: boolean;
  formato?: ExportFormat;
}

/** Export file formats ('pdf' where the endpoint offers it). */
export type ExportFormat = 'xlsx' | 'csv' | 'pdf';

/** A column the screen wants to show; `field` is the engine's `nomfield`. */
export interface DataTableColumn<Row> {
  field: string;
  header: string;
  cell?: (row: Row) => ReactNode;
  /** Text used when printing (defaults to the raw field value). */
  printValue?: (row: Row) => string;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /**
   * False leaves out the column filter the engine offers for it, when the screen filters that
   * column with its own control (e.g. a segmented state filter above the table).
   */
  filterable?: boolean;
}

/** What is selected: explicit rows, or every filtered record except some. */
export type Selection =
  | { all: false; keys: ReadonlySet<string> }
  | { all: true; excluded: ReadonlySet<string> };

/** Selection as reported to the screen. */
export interface SelectionChange {
  all: boolean;
  keys: string[];
  excluded: string[];
  count: number;
  /** The query (without paging) the "all" selection refers to. */
  query: Omit<TableQuery, 'page' | 'cantPP'>;
}

/** Star-per-row favourites, driven by the screen. */
export interface FavoriteConfig<Row> {
  isFavorite: (row: Row) => boolean;
  onToggle: (row: Row, next: boolean) => Promise<unknown> | unknown;
}

/** Imperative controls the screen wires to the shell's action bar. */
export interface DataTableHandle {
  refresh: () => void;
  exportTo: (format: ExportFormat) => Promise<void>;
  /** The query of what is on screen (filters, order, page), e.g. for a screen's own export. */
  query: () => TableQuery;
  print: () => void;
  clearSelection: () => void;
}
