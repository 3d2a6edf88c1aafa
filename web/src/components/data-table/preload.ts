import { preload } from 'swr';
import { apiRequest } from '@/lib/api/client';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, buildTableQuery, type TableState } from './query';
import type { SortDirection, TableResponse } from './types';

/** The SWR key of one table page: the engine's url and the POST body it is asked with. */
export type TableKey = readonly [url: string, body: string];

/** Asks the table engine for one page (the SWR fetcher of every data table). */
export function fetchTable<Row>([url, body]: TableKey): Promise<TableResponse<Row>> {
  return apiRequest<TableResponse<Row>>(url, { method: 'POST', body: JSON.parse(body), errorDialog: false });
}

/** The state a table opens with: first page, default size, the screen's default order. */
export function initialTableState(defaultSort?: { field: string; direction?: SortDirection }): TableState {
  return {
    page: FIRST_PAGE,
    cantPP: DEFAULT_PAGE_SIZE,
    order: defaultSort?.field ?? '',
    ordertype: defaultSort?.direction ?? 'asc',
    filters: {},
  };
}

/**
 * Asks for a table's first page before the table renders (from a route's prefetch, while
 * the screen's code still downloads); the table then finds the answer under the same key.
 */
export function preloadTable(
  url: string,
  options: {
    filtersEXT?: Record<string, unknown>;
    defaultSort?: { field: string; direction?: SortDirection };
  } = {},
): void {
  const query = buildTableQuery(initialTableState(options.defaultSort), { filtersEXT: options.filtersEXT });
  const key: TableKey = [url, JSON.stringify(query)];
  void Promise.resolve(preload(key, fetchTable)).catch(() => undefined);
}
