import {
  Alert,
  Box,
  Button,
  Group,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconSortAscending,
  IconSortDescending,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import {
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { unstable_serialize, useSWRConfig } from 'swr';
import { showAlert } from '@/lib/alerts';
import { apiDownload } from '@/lib/api/client';
import { ApiError, isApiError } from '@/lib/api/errors';
import { useFormat } from '@/lib/i18n/use-format';
import { EmptyState } from '../states/empty-state';
import { ColumnFilter } from './column-filter';
import { fileBase, printableHtml, printHtml, saveBlob } from './export';
import { fetchTable, initialTableState, takePreloadedAnswer, type TableKey } from './preload';
import {
  EMPTY_SELECTION,
  FIRST_PAGE,
  SELECT_ALL_LIMIT,
  buildTableQuery,
  isSelected,
  selectionCount,
  toggleRow,
  totalPages,
  type TableState,
} from './query';
import { TablePager } from './table-pager';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import classes from './data-table.module.css';
import type {
  ColumnMeta,
  DataTableColumn,
  DataTableHandle,
  ExportFormat,
  FavoriteConfig,
  Selection,
  SelectionChange,
  SortDirection,
  TableResponse,
} from './types';

export interface DataTableProps<Row> {
  /** Table engine url, e.g. `/api/pri/catalogos/empleados`. */
  url: string;
  /** Table name: used in error messages, printouts and export file names. */
  title: string;
  columns: DataTableColumn<Row>[];
  rowKey: (row: Row) => string | number;
  filtersEXT?: Record<string, unknown>;
  /** Column filters the screen sets itself (nomfield → value; '' = none), sent with the column ones. */
  columnFilters?: Record<string, string>;
  dateRange?: { start: string; end: string } | null;
  defaultSort?: { field: string; direction?: SortDirection };
  selectable?: boolean;
  onSelectionChange?: (selection: SelectionChange) => void;
  favorite?: FavoriteConfig<Row>;
  rowActions?: (row: Row) => ReactNode;
  onRowClick?: (row: Row) => void;
  emptyMessage?: string;
  /** Scroll height of the body (spec §9: 500). */
  maxHeight?: number;
  /** Receives the engine's `columns_with_selects` (screens that build their columns from it). */
  onColumnsMeta?: (meta: ColumnMeta[]) => void;
  /** Receives the record count of each answer (`cantidad_registros`), e.g. for export rules. */
  onCount?: (count: number) => void;
  ref?: Ref<DataTableHandle>;
}

type Fetched<Row> = TableResponse<Row>;

function defaultCell(value: unknown, yes: string, no: string): ReactNode {
  if (value === null || value === undefined || value === '') return <span className={classes.dimmed}>—</span>;
  if (typeof value === 'boolean') return value ? yes : no;
  return String(value);
}

/** A native checkbox in the table's colours (its indeterminate state is a DOM property). */
function NativeCheckbox({
  indeterminate,
  ...props
}: { indeterminate: boolean; checked: boolean; disabled: boolean; onChange: () => void; 'aria-label': string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" className={classes.check} {...props} />;
}

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/**
 * The generic server-paged table of the spec: sortable columns, column filters, row
 * selection with a limited select-all, favourites, page sizes, row numbers, pager,
 * sticky header, export and print.
 */
export function DataTable<Row>({
  url,
  title,
  columns,
  rowKey,
  filtersEXT,
  columnFilters,
  dateRange,
  defaultSort,
  selectable = false,
  onSelectionChange,
  favorite,
  rowActions,
  onRowClick,
  emptyMessage,
  maxHeight = 500,
  onColumnsMeta,
  onCount,
  ref,
}: DataTableProps<Row>) {
  const { t } = useTranslation('common');
  const { language, formatDate } = useFormat();
  const [state, setState] = useState<TableState>(() => initialTableState(defaultSort));
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);

  // A new scope (tab, date range, a screen's filter) starts again at page 1 with nothing selected.
  const scopeKey = JSON.stringify([filtersEXT ?? {}, dateRange ?? null, columnFilters ?? {}]);
  const [scope, setScope] = useState(scopeKey);
  if (scope !== scopeKey) {
    setScope(scopeKey);
    setState((s) => ({ ...s, page: FIRST_PAGE }));
    setSelection(EMPTY_SELECTION);
  }

  const query = useMemo(
    () => buildTableQuery(state, { filtersEXT, dateRange, columnFilters }),
    [state, filtersEXT, dateRange, columnFilters],
  );
  const body = JSON.stringify(query);
  // A first page preloaded and answered before this render is on screen at once (SWR's
  // cache); asking for it again on mount would only re-render the rows.
  const { cache } = useSWRConfig();
  const [preloaded] = useState(
    () => takePreloadedAnswer([url, body]) && cache.get(unstable_serialize([url, body]))?.data !== undefined,
  );
  const { data, error, isLoading, isValidating, mutate } = useSWR<Fetched<Row>, unknown, TableKey>(
    [url, body] as const,
    fetchTable<Row>,
    { keepPreviousData: true, revalidateOnFocus: false, revalidateOnMount: preloaded ? false : undefined },
  );

  const rows = useMemo(() => data?.result ?? [], [data]);
  const count = data?.pages?.cantidad_registros ?? 0;
  const pages = totalPages(count, state.cantPP, data?.pages?.ultima_page || data?.pages?.pages);
  const meta = useMemo(() => new Map((data?.columns_with_selects ?? []).map((m) => [m.nomfield, m])), [data]);
  const columnsMeta = data?.columns_with_selects;
  const latestMetaCallback = useRef(onColumnsMeta);
  useEffect(() => {
    latestMetaCallback.current = onColumnsMeta;
  });
  useEffect(() => {
    if (columnsMeta) latestMetaCallback.current?.(columnsMeta);
  }, [columnsMeta]);
  const answeredCount = data?.pages?.cantidad_registros;
  const latestCountCallback = useRef(onCount);
  useEffect(() => {
    latestCountCallback.current = onCount;
  });
  useEffect(() => {
    if (answeredCount !== undefined) latestCountCallback.current?.(answeredCount);
  }, [answeredCount]);
  const filterOf = (c: DataTableColumn<Row>) => (c.filterable === false ? undefined : meta.get(c.field));
  const hasFilters = columns.some((c) => {
    const m = filterOf(c);
    return m && (m.tipo === 'text' || m.tipo === 'select');
  });
  const offset = (state.page - 1) * state.cantPP;

  // Favourite stars flip at once; a refetch brings the server's truth back.
  const [favorites, setFavorites] = useState<{ data: unknown; map: Map<string, boolean> }>({ data: null, map: new Map() });
  const favoriteOverrides = favorites.data === data ? favorites.map : new Map<string, boolean>();

  const latestSelectionCallback = useRef(onSelectionChange);
  useEffect(() => {
    latestSelectionCallback.current = onSelectionChange;
  });
  useEffect(() => {
    const { page: _page, cantPP: _size, ...rest } = query;
    latestSelectionCallback.current?.({
      all: selection.all,
      keys: selection.all ? [] : [...selection.keys],
      excluded: selection.all ? [...selection.excluded] : [],
      count: selectionCount(selection, count),
      query: rest,
    });
    // Only a change of selection is news for the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selection]);

  const updateFilter = (field: string, column: string, input: string) => {
    setState((s) => {
      const current = s.filters[field]?.input ?? '';
      if (current === input) return s;
      const filters = { ...s.filters };
      if (input === '') delete filters[field];
      else filters[field] = { column, input };
      return { ...s, filters, page: FIRST_PAGE };
    });
    setSelection(EMPTY_SELECTION);
  };

  const toggleSort = (field: string) => {
    setState((s) => ({
      ...s,
      order: field,
      ordertype: s.order === field && s.ordertype === 'asc' ? 'desc' : 'asc',
      page: FIRST_PAGE,
    }));
  };

  const selectedCount = selectionCount(selection, count);
  const allChecked = selection.all && selection.excluded.size === 0 && count > 0;
  const toggleAll = () => {
    if (selectedCount > 0) {
      setSelection(EMPTY_SELECTION);
      return;
    }
    if (count > SELECT_ALL_LIMIT) {
      void showAlert({ title: t('table.select_all_title'), message: t('table.select_all_limit'), tone: 'warning' });
      return;
    }
    setSelection({ all: true, excluded: new Set() });
  };

  const toggleFavorite = async (row: Row, key: string, next: boolean) => {
    if (!favorite) return;
    setFavorites({ data, map: new Map(favoriteOverrides).set(key, next) });
    try {
      await favorite.onToggle(row, next);
    } catch {
      setFavorites({ data, map: new Map(favoriteOverrides).set(key, !next) });
    }
  };

  useImperativeHandle(
    ref,
    () => ({
      refresh: () => void mutate(),
      exportTo: async (format: ExportFormat) => {
        const file = await apiDownload(url, { method: 'POST', body: { ...query, excel: true, formato: format } });
        saveBlob(file.blob, file.filename ?? `${fileBase(title)}.${format}`);
      },
      query: () => query,
      print: () => {
        const subtitle = formatDate(new Date(), 'PPPp');
        printHtml(printableHtml(title, subtitle, columns, rows, language));
      },
      clearSelection: () => setSelection(EMPTY_SELECTION),
    }),
    [mutate, url, query, title, columns, rows, language, formatDate],
  );

  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.field,
        accessorFn: (row: Row) => (row as Record<string, unknown>)[c.field],
        header: c.header,
        cell: (info) => (c.cell ? c.cell(info.row.original) : defaultCell(info.getValue(), t('yes'), t('no'))),
      })),
    [columns, t],
  );
  // TanStack Table returns fresh functions each render by design; the compiler skips this
  // component, which is fine: it renders one page of at most 100 rows.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    getRowId: (row) => String(rowKey(row)),
  });

  const columnAlign = useMemo(() => new Map(columns.map((c) => [c.field, c.align])), [columns]);
  const extraColumns = (selectable ? 1 : 0) + 1 + (favorite ? 1 : 0) + (rowActions ? 1 : 0);
  const colSpan = columns.length + extraColumns;
  const firstLoad = isLoading && !data;
  const loadError = error && !data;

  return (
    <Box className={classes.wrapper}>
      {error !== undefined && error !== null && !isApiError(error, 401, 409) && (
        <Alert color="red" variant="light" mb="sm" title={t('table.load_error', { name: title })} role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{error instanceof ApiError && error.resp ? error.resp : t('table.load_error_hint')}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void mutate()}>
              {t('actions.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {/* Focusable and named: on a phone the table scrolls sideways, also by keyboard when no
          cell holds a control (a read-only list, or while the columns are loading). */}
      <Table.ScrollContainer minWidth={640} maxHeight={maxHeight} type="native" tabIndex={0} role="region" aria-label={title}>
        <Table
          stickyHeader
          striped
          highlightOnHover
          verticalSpacing="xs"
          className={classes.table}
          aria-busy={isValidating}
          aria-label={title}
          aria-rowcount={count || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th w={40}>
                  <NativeCheckbox
                    aria-label={t('table.select_all')}
                    checked={allChecked}
                    indeterminate={selectedCount > 0 && !allChecked}
                    onChange={toggleAll}
                    disabled={count === 0}
                  />
                </Table.Th>
              )}
              <Table.Th w={48} className={classes.number}>
                {t('table.row_number')}
              </Table.Th>
              {favorite && (
                <Table.Th w={44}>
                  <IconStar size={16} aria-label={t('table.favorites')} />
                </Table.Th>
              )}
              {table.getHeaderGroups()[0]?.headers.map((header) => {
                const column = columns.find((c) => c.field === header.id);
                const m = meta.get(header.id);
                const sortable = !!m?.ordenable;
                const active = state.order === header.id;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <Table.Th
                    key={header.id}
                    w={column?.width}
                    ta={column?.align}
                    aria-sort={active ? (state.ordertype === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {sortable ? (
                      <UnstyledButton
                        className={classes.sort}
                        onClick={() => toggleSort(header.id)}
                        aria-label={t('table.sort_by', { column: column?.header ?? header.id })}
                      >
                        <span>{label}</span>
                        {active ? (
                          state.ordertype === 'asc' ? (
                            <IconSortAscending size={14} aria-hidden />
                          ) : (
                            <IconSortDescending size={14} aria-hidden />
                          )
                        ) : (
                          <IconArrowsSort size={14} aria-hidden className={classes.sortIdle} />
                        )}
                      </UnstyledButton>
                    ) : (
                      label
                    )}
                  </Table.Th>
                );
              })}
              {rowActions && <Table.Th w={60}>{t('table.actions')}</Table.Th>}
            </Table.Tr>
            {hasFilters && (
              <Table.Tr className={classes.filterRow}>
                {selectable && <Table.Th />}
                <Table.Th />
                {favorite && <Table.Th />}
                {columns.map((c) => {
                  const m = filterOf(c);
                  return (
                    <Table.Th key={c.field}>
                      {m && (
                        <ColumnFilter
                          meta={m}
                          header={c.header}
                          value={state.filters[c.field]?.input ?? ''}
                          onApply={(input) => updateFilter(c.field, m.column, input)}
                        />
                      )}
                    </Table.Th>
                  );
                })}
                {rowActions && <Table.Th />}
              </Table.Tr>
            )}
          </Table.Thead>
          <Table.Tbody className={isValidating && !firstLoad ? `${classes.body} ${classes.refreshing}` : classes.body}>
            {firstLoad &&
              Array.from({ length: Math.min(state.cantPP, 10) }, (_, i) => (
                <Table.Tr key={`skeleton-${i}`} data-testid="table-skeleton">
                  {Array.from({ length: colSpan }, (_, j) => (
                    <Table.Td key={j}>
                      <Skeleton height={12} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {!firstLoad && !loadError && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={colSpan}>
                  <EmptyState title={emptyMessage ?? t('table.no_data')} description={t('table.no_data_hint')} />
                </Table.Td>
              </Table.Tr>
            )}
            {table.getRowModel().rows.map((row, index) => {
              const key = row.id;
              const selected = selectable && isSelected(selection, key);
              const fav = favorite ? (favoriteOverrides.get(key) ?? favorite.isFavorite(row.original)) : false;
              const clickable = !!onRowClick;
              const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
                if (clickable && event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
                  event.preventDefault();
                  onRowClick?.(row.original);
                }
              };
              // Plain elements, not Mantine's: a page is up to 100 rows of a dozen cells, and
              // each Mantine part costs a style resolution (the same look is in the CSS module).
              return (
                <tr
                  key={key}
                  data-selected={selected || undefined}
                  className={clickable ? `${classes.row} ${classes.clickable}` : classes.row}
                  tabIndex={clickable ? 0 : undefined}
                  onClick={clickable ? () => onRowClick?.(row.original) : undefined}
                  onKeyDown={clickable ? onKeyDown : undefined}
                >
                  {selectable && (
                    <td className={classes.cell} onClick={stop}>
                      <input
                        type="checkbox"
                        className={classes.check}
                        aria-label={t('table.select_row', { number: offset + index + 1 })}
                        checked={selected}
                        onChange={() => setSelection((s) => toggleRow(s, key))}
                      />
                    </td>
                  )}
                  <td className={`${classes.cell} ${classes.number}`}>{offset + index + 1}</td>
                  {favorite && (
                    <td className={classes.cell} onClick={stop}>
                      <button
                        type="button"
                        className={classes.star}
                        aria-pressed={fav}
                        aria-label={fav ? t('table.favorite_remove') : t('table.favorite_add')}
                        title={fav ? t('table.favorite_remove') : t('table.favorite_add')}
                        onClick={() => void toggleFavorite(row.original, key, !fav)}
                      >
                        {fav ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
                      </button>
                    </td>
                  )}
                  {row.getVisibleCells().map((cell) => {
                    const align = columnAlign.get(cell.column.id);
                    return (
                      <td key={cell.id} className={classes.cell} style={align ? { textAlign: align } : undefined}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                  {rowActions && (
                    <td className={classes.cell} onClick={stop} onKeyDown={stop}>
                      {rowActions(row.original)}
                    </td>
                  )}
                </tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <TablePager
        page={state.page}
        total={pages}
        count={count}
        pageSize={state.cantPP}
        selected={selectable ? selectedCount : 0}
        onPage={(page) => setState((s) => ({ ...s, page }))}
        onPageSize={(cantPP) => setState((s) => ({ ...s, cantPP, page: FIRST_PAGE }))}
      />
    </Box>
  );
}
