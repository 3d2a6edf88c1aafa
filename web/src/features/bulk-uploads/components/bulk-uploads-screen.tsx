import { ActionIcon, Group, Paper, Stack, Title, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Tooltip.css';
import { IconEye, IconHistory } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { useFormat } from '@/lib/i18n/use-format';
import { isUploadType, type UploadType } from '../api/upload-types';
import { UPLOADS_TABLE_URL, type UploadRow } from '../api/uploads-table';
import { StatusBadge } from './status-badge';
import { ErrorReportButton, UploadProgressCard } from './upload-progress-card';
import { UploadForm } from './upload-form';

/** /menu/cargas_masivas: upload a spreadsheet, follow its progress live, and the history. */
export function BulkUploadsScreen({ pollMs }: { pollMs?: number }) {
  const { t } = useTranslation(['bulk-uploads', 'common']);
  const { formatDate, formatNumber } = useFormat();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tipo');
  const tipo: UploadType | null = isUploadType(requested) ? requested : null;
  const [active, setActive] = useState<number | null>(null);
  const table = useRef<DataTableHandle>(null);
  const title = t('bulk-uploads:history.title');

  const setTipo = (next: UploadType | null) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('tipo', next);
        else updated.delete('tipo');
        return updated;
      },
      { replace: true },
    );
  };

  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });

  const columns = useMemo<DataTableColumn<UploadRow>[]>(() => {
    const count = (field: 'total' | 'insertadas' | 'actualizadas' | 'sin_cambios' | 'errores') => ({
      field,
      header: t(`bulk-uploads:counts.${field}`),
      align: 'right' as const,
      cell: (row: UploadRow) => formatNumber(row[field] ?? 0),
    });
    const typeLabel = (row: UploadRow) => (isUploadType(row.tipo) ? t(`bulk-uploads:types.${row.tipo}`) : String(row.tipo ?? ''));
    const statusLabel = (row: UploadRow) => t(`bulk-uploads:status.${row.estatus}`, { defaultValue: String(row.estatus) });
    return [
      { field: 'id_carga', header: t('bulk-uploads:history.id'), width: 80 },
      { field: 'tipo', header: t('bulk-uploads:history.tipo'), cell: typeLabel, printValue: typeLabel },
      { field: 'archivo', header: t('bulk-uploads:history.archivo') },
      { field: 'estatus', header: t('bulk-uploads:history.estatus'), cell: (row) => <StatusBadge status={row.estatus} />, printValue: statusLabel },
      count('total'),
      count('insertadas'),
      count('actualizadas'),
      count('sin_cambios'),
      count('errores'),
      {
        field: 'creado',
        header: t('bulk-uploads:history.creado'),
        cell: (row) => formatDate(row.creado, 'Pp') || '—',
        printValue: (row) => formatDate(row.creado, 'Pp'),
      },
      {
        field: 'terminado',
        header: t('bulk-uploads:history.terminado'),
        cell: (row) => formatDate(row.terminado, 'Pp') || '—',
        printValue: (row) => formatDate(row.terminado, 'Pp'),
      },
    ];
  }, [t, formatDate, formatNumber]);

  const rowActions = (row: UploadRow) => (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('bulk-uploads:history.view')} withinPortal>
        <ActionIcon variant="subtle" color="gray" aria-label={t('bulk-uploads:history.view_row', { id: row.id_carga })} onClick={() => setActive(row.id_carga)}>
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      {(row.errores ?? 0) > 0 && <ErrorReportButton id={row.id_carga} compact />}
    </Group>
  );

  return (
    <Stack gap="md">
      <UploadForm
        tipo={tipo}
        onTipoChange={setTipo}
        onStarted={(id) => {
          setActive(id);
          table.current?.refresh();
        }}
      />
      {active !== null && (
        <UploadProgressCard
          key={active}
          id={active}
          pollMs={pollMs}
          onFinished={() => table.current?.refresh()}
          onClose={() => setActive(null)}
        />
      )}
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs" component="section" aria-labelledby="bulk-upload-history">
        <Group gap="xs" mb="sm">
          <IconHistory size={20} aria-hidden />
          <Title order={2} size="h4" id="bulk-upload-history">
            {title}
          </Title>
        </Group>
        <DataTable<UploadRow>
          ref={table}
          url={UPLOADS_TABLE_URL}
          title={title}
          columns={columns}
          rowKey={(row) => row.id_carga}
          defaultSort={{ field: 'id_carga', direction: 'desc' }}
          rowActions={rowActions}
          emptyMessage={t('bulk-uploads:history.empty')}
        />
      </Paper>
    </Stack>
  );
}
