import { mutate } from 'swr';
import { apiRequest } from '@/lib/api/client';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, buildTableQuery, type TableState } from './query';
import type { SortDirection, TableResponse } from './types';

/** The SWR key of one table page: the engine's url and the POST body it is asked with. */
export type TableKey = readonly [url: string, body: string];

/** A preloaded page's request, while no table has taken it (by `pageId`). */
const early = new Map<string, Promise<unknown>>();
/** When a preloaded page was answered before any table took it (by `pageId`). */
const answeredAt = new Map<string, number>();
/** How long a page answered before its table rendered counts as that render's own request. */
const FRESH_MS = 30_000;

function pageId([url, body]: TableKey): string {
  return `${url}\n${body}`;
}

/**
 * Asks the table engine for one page (the SWR fetcher of every data table). A page that
 * `preloadTable` is still asking for is not asked for twice: its request is taken over.
 */
export function fetchTable<Row>(key: TableKey): Promise<TableResponse<Row>> {
  const id = pageId(key);
  const request = early.get(id);
  if (request) {
    early.delete(id);
    return request as Promise<TableResponse<Row>>;
  }
  const [url, body] = key;
  return apiRequest<TableResponse<Row>>(url, { method: 'POST', body: JSON.parse(body), errorDialog: false });
}

/**
 * True when this page was preloaded and answered before its table first rendered (once per
 * answer): that table renders the rows at once, from SWR's cache, and need not ask again.
 */
export function takePreloadedAnswer(key: TableKey): boolean {
  const id = pageId(key);
  const at = answeredAt.get(id);
  answeredAt.delete(id);
  return at !== undefined && Date.now() - at < FRESH_MS;
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
 * Settles once the answer is in (never rejects: the table reports failures itself).
 */
export function preloadTable(
  url: string,
  options: {
    filtersEXT?: Record<string, unknown>;
    defaultSort?: { field: string; direction?: SortDirection };
  } = {},
): Promise<void> {
  const query = buildTableQuery(initialTableState(options.defaultSort), { filtersEXT: options.filtersEXT });
  const key: TableKey = [url, JSON.stringify(query)];
  const id = pageId(key);
  if (early.has(id)) return Promise.resolve();
  const request = fetchTable(key);
  early.set(id, request);
  return request.then(
    (page) => {
      if (early.get(id) !== request) return;
      // Answered before the table rendered: into SWR's cache, so that its first render shows
      // the rows instead of placeholders that the answer replaces a moment later.
      early.delete(id);
      answeredAt.set(id, Date.now());
      return mutate(key, page, { revalidate: false }).then(() => undefined);
    },
    () => {
      // The table asks again (and shows the failure) when it renders.
      if (early.get(id) === request) early.delete(id);
    },
  );
}
