export { DataTable, type DataTableProps } from './data-table';
export * from './types';
export {
  PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  SELECT_ALL_LIMIT,
  shouldApplyTextFilter,
  buildTableQuery,
} from './query';
export { preloadTable } from './preload';
