import { Button, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { IconTable } from '@tabler/icons-react';
import { Suspense, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/states/empty-state';
import { ListError } from '@/components/states/list-states';
import { CHART_HEIGHT } from './chart-theme';

/** The figures of a chart as a table: its caption, column headings and one row per category. */
export interface FiguresTable {
  caption: string;
  columns: string[];
  rows: { key: string; header: string; cells: string[] }[];
  /** A last row of totals. */
  total?: { header: string; cells: string[] };
}

export type ChartState = 'loading' | 'error' | 'empty' | 'ready';

export interface ChartCardProps {
  title: string;
  description?: string;
  state: ChartState;
  /** The failure (state 'error'), its heading and the retry. */
  error?: unknown;
  errorTitle?: string;
  onRetry?: () => void;
  /** The chart (state 'ready'); it may load on demand (a skeleton shows meanwhile). */
  chart: ReactNode;
  table: FiguresTable;
  /** What shows under the chart (a legend), not in table mode. */
  footer?: ReactNode;
  testId?: string;
}

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** The figures of a chart as a plain table (visible or for screen readers only). */
function Figures({ table }: { table: FiguresTable }) {
  return (
    <Table fz="sm" verticalSpacing={6} horizontalSpacing="xs" striped>
      {/* The card's heading says it on screen; the caption names the table for screen readers. */}
      <caption style={VISUALLY_HIDDEN}>{table.caption}</caption>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((c) => (
            <Table.Th key={c} scope="col">
              {c}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Th scope="row" fw={500}>
              {r.header}
            </Table.Th>
            {r.cells.map((cell, i) => (
              <Table.Td key={i}>{cell}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {table.total && (
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{table.total.header}</Table.Th>
            {table.total.cells.map((cell, i) => (
              <Table.Td key={i} fw={700}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}

/**
 * A chart in its card (dashboard, indicators): a skeleton while its figures load, the empty
 * message or the failure instead of an empty chart, and the same figures as a table — read by
 * screen readers under the chart, and shown instead of it with 'Ver como tabla' (keyboard, zoom).
 */
export function ChartCard({ title, description, state, error, errorTitle, onRetry, chart, table, footer, testId }: ChartCardProps) {
  const { t } = useTranslation('common');
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} shadow="xs" component="section" aria-labelledby={titleId} data-testid={testId} miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={titleId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          {state === 'ready' && (
            <Button
              size="compact-sm"
              variant={asTable ? 'light' : 'subtle'}
              leftSection={<IconTable size={16} aria-hidden />}
              aria-pressed={asTable}
              onClick={() => setAsTable((v) => !v)}
            >
              {t('chart.show_table')}
            </Button>
          )}
        </Group>
        {state === 'loading' && <Skeleton height={CHART_HEIGHT} radius="md" />}
        {state === 'error' && <ListError title={errorTitle ?? t('chart.error')} error={error} onRetry={() => onRetry?.()} />}
        {state === 'empty' && <EmptyState title={t('chart.empty')} />}
        {state === 'ready' &&
          (asTable ? (
            <Figures table={table} />
          ) : (
            <>
              <Suspense fallback={<Skeleton height={CHART_HEIGHT} radius="md" />}>{chart}</Suspense>
              {footer}
              <VisuallyHidden>
                <Figures table={table} />
              </VisuallyHidden>
            </>
          ))}
      </Stack>
    </Paper>
  );
}
