import { Paper, Stack } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { DataTable, type DataTableColumn, type DataTableHandle, type SortDirection } from '@/components/data-table';
import { useDateRange, useScreenChrome } from '@/components/page-chrome';

interface Props<Row> {
  url: string;
  title: string;
  columns: DataTableColumn<Row>[];
  rowKey: (row: Row) => string | number;
  defaultSort: { field: string; direction?: SortDirection };
  filtersEXT?: Record<string, unknown>;
  /** The shell's date range filters the table (fecha_inicial / fecha_final). */
  dateFilter?: boolean;
  emptyMessage: string;
  onRowClick?: (row: Row) => void;
  /** Above the table: filters, breadcrumbs, headers. */
  header?: ReactNode;
}

/** A plan report: one server-paged table with refresh, export and print in the shell's bar. */
export function PlanTableScreen<Row>({ url, title, columns, rowKey, defaultSort, filtersEXT, dateFilter, emptyMessage, onRowClick, header }: Props<Row>) {
  const table = useRef<DataTableHandle>(null);
  const [range] = useDateRange();
  useScreenChrome({
    dateFilter,
    onUpdate: () => table.current?.refresh(),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="sm">
        {header}
        <DataTable<Row>
          ref={table}
          url={url}
          title={title}
          columns={columns}
          rowKey={rowKey}
          filtersEXT={filtersEXT}
          dateRange={dateFilter ? range : undefined}
          defaultSort={defaultSort}
          onRowClick={onRowClick}
          emptyMessage={emptyMessage}
        />
      </Stack>
    </Paper>
  );
}
