import { Alert, Box, Button, Group, Pagination, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/states/empty-state';
import { errorMessage } from '@/lib/api/client';
import { useFormat } from '@/lib/i18n/use-format';
import type { ResultadoReporte } from '../api/types';
import { isFigure, useCellFormat } from './cell-format';
import { COUNT_COLUMN } from './definition';

export interface ReportResultProps {
  result: ResultadoReporte | undefined;
  error: unknown;
  /** A new page or layout is on its way (the rows on screen are the last ones). */
  refreshing: boolean;
  page: number;
  onPage: (page: number) => void;
  /** The table's accessible name. */
  label: string;
  /** The title of the message when the server refuses the layout. */
  errorTitle: string;
  /** Ask again (a failure that may pass, e.g. the connection). */
  onRetry?: () => void;
  /** A column's type by key, for the grand totals (the source's column; the result's when absent). */
  typeOf?: (clave: string) => string | undefined;
}

/** The rows' place while the first page loads. */
function ResultSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={label} data-testid="report-skeleton">
      <Skeleton height={36} radius="sm" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * One page of a report: its table (scrolling sideways in its own region on a phone), the
 * grand totals under it and the pager; a skeleton while the first page loads, the server's
 * message when it refuses the layout.
 */
export function ReportResult({ result, error, refreshing, page, onPage, label, errorTitle, onRetry, typeOf }: ReportResultProps) {
  const { t } = useTranslation(['report-builder', 'common']);
  const { formatNumber } = useFormat();
  const format = useCellFormat();
  const totalsId = useId();

  if (error !== undefined && error !== null) {
    return (
      <Alert color="red" variant="light" role="alert" title={errorTitle} icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="report-error">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {errorMessage(error)}
        </Text>
        {onRetry && (
          <Button size="xs" mt="sm" variant="white" color="red" onClick={onRetry}>
            {t('common:actions.retry')}
          </Button>
        )}
      </Alert>
    );
  }
  if (!result) return <ResultSkeleton label={t('report-builder:result.loading')} />;

  const count = result.pages.cantidad_registros;
  const pages = Math.max(1, result.pages.ultima_page || result.pages.pages || 1);
  // A total's column: the source's, else the result's (ungrouped), else its own column of a grouped result.
  // A grouped result's columns before its count are the groups: a group without a value says so.
  const groups = result.columnas.findIndex((c) => c.clave === COUNT_COLUMN);
  const columnType = (columna: string, funcion: string) =>
    typeOf?.(columna) ?? result.columnas.find((c) => c.clave === columna || c.clave === `${funcion}_${columna}`)?.tipo;

  return (
    <Stack gap="sm" aria-busy={refreshing} data-testid="report-result" style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {result.filas.length === 0 ? (
        <EmptyState title={t('report-builder:result.empty')} description={t('report-builder:result.empty_hint')} />
      ) : (
        <Table.ScrollContainer minWidth={Math.max(320, result.columnas.length * 150)} type="native" tabIndex={0} role="region" aria-label={label}>
          <Table striped highlightOnHover withTableBorder verticalSpacing="xs" fz="sm" aria-label={label} data-testid="report-table">
            <Table.Thead>
              <Table.Tr>
                {result.columnas.map((c) => (
                  <Table.Th key={c.clave} scope="col" ta={isFigure(c.tipo) ? 'right' : 'left'}>
                    {c.titulo}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.filas.map((fila, r) => (
                <Table.Tr key={`${page}-${r}`}>
                  {result.columnas.map((c, i) => (
                    <Table.Td key={c.clave} ta={isFigure(c.tipo) ? 'right' : 'left'} style={{ overflowWrap: 'anywhere' }}>
                      {i < groups && (fila[i] === null || fila[i] === '') ? (
                        <Text span size="sm" c="dimmed" fs="italic">
                          {t('report-builder:no_value')}
                        </Text>
                      ) : (
                        format.cell(fila[i], c.tipo, c.clave)
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {result.totales.length > 0 && (
        <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={totalsId} data-testid="report-totals">
          <Title order={3} size="h6" id={totalsId} mb="xs">
            {t('report-builder:result.totals')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
            {result.totales.map((total) => (
              <div key={`${total.funcion}_${total.columna}`}>
                <Text component="dt" size="xs" c="dimmed">
                  {total.titulo}
                </Text>
                <Box component="dd" m={0}>
                  <Text fw={700} data-testid="report-total">
                    {format.total(total.valor, total.funcion, columnType(total.columna, total.funcion))}
                  </Text>
                </Box>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="report-count">
          {t('common:table.records', { count, formatted: formatNumber(count) })}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPage}
            withEdges
            siblings={1}
            boundaries={1}
            size="sm"
            aria-label={t('common:table.pager')}
            getControlProps={(control) => ({ 'aria-label': t(`common:table.pager_${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('common:table.pager_page', { page: p }), 'aria-current': p === page ? 'page' : undefined })}
          />
        )}
      </Group>
    </Stack>
  );
}
