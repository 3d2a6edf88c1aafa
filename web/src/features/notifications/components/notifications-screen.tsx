import { Badge, Paper } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type ColumnMeta, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { useFormat } from '@/lib/i18n/use-format';
import {
  NOTIFICATIONS_DATE_FIELD,
  NOTIFICATIONS_TABLE_URL,
  resolveColumns,
  type NotificationRow,
} from '../api/notifications-table';
import { isUnread } from './notification-rules';
import { openNotification } from './notification-store';

function StatusBadge({ value }: { value: unknown }) {
  const { t } = useTranslation('notifications');
  const numeric = Number(value);
  if (numeric !== 1 && numeric !== 2) return <>{value === null || value === undefined ? '—' : String(value)}</>;
  const unread = isUnread({ estatus: numeric });
  return (
    <Badge color={unread ? 'blue' : 'gray'} variant={unread ? 'filled' : 'light'} radius="sm">
      {unread ? t('status.unread') : t('status.read')}
    </Badge>
  );
}

/** /menu/notificaciones: every notification of the user on the server table; a row opens it. */
export function NotificationsScreen() {
  const { t } = useTranslation(['notifications', 'common']);
  const { formatDate } = useFormat();
  const table = useRef<DataTableHandle>(null);
  const [params, setParams] = useSearchParams();
  const [meta, setMeta] = useState<ColumnMeta[] | null>(null);
  const title = t('notifications:page.title');

  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });

  // A push notification may link here with ?id=<idnotificacion>: open it.
  const requested = Number(params.get('id'));
  useEffect(() => {
    if (!Number.isInteger(requested) || requested <= 0) return;
    openNotification(requested);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('id');
        return next;
      },
      { replace: true },
    );
  }, [requested, setParams]);

  const columns = useMemo<DataTableColumn<NotificationRow>[]>(
    () =>
      resolveColumns(meta).map(({ key, field }) => {
        const header = t(`notifications:page.columns.${key}`);
        if (key === 'fecha') {
          const value = (row: NotificationRow) => (row[field] as string | null | undefined) ?? row.fecha_hora ?? row.fecha;
          return {
            field,
            header,
            width: 180,
            cell: (row) => formatDate(value(row), 'Pp') || '—',
            printValue: (row) => formatDate(value(row), 'Pp'),
          };
        }
        if (key === 'estatus') {
          return {
            field,
            header,
            width: 130,
            cell: (row) => <StatusBadge value={row[field]} />,
            printValue: (row) => (isUnread({ estatus: row[field] as number }) ? t('notifications:status.unread') : t('notifications:status.read')),
          };
        }
        return { field, header };
      }),
    [meta, t, formatDate],
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <DataTable<NotificationRow>
        ref={table}
        url={NOTIFICATIONS_TABLE_URL}
        title={title}
        columns={columns}
        rowKey={(row) => row.idnotificacion}
        defaultSort={{ field: NOTIFICATIONS_DATE_FIELD, direction: 'desc' }}
        onRowClick={(row) => openNotification(row)}
        onColumnsMeta={setMeta}
        emptyMessage={t('notifications:page.empty')}
      />
    </Paper>
  );
}
