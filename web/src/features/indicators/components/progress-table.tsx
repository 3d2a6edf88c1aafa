import { Group, Progress, Table, Text, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import type { Avance } from '../api/types';
import { nextSort, sortRows, type Sort, type SortColumn } from './progress-rules';
import { usePercent } from './use-percent';

export interface ProgressTableProps {
  rows: readonly Avance[];
  /** The table's accessible name. */
  label: string;
  /** The heading of the name column (Grupo, Bloque, Tema) and of the detail column (Tipo, Abreviatura); no detail column without one. */
  nameHeading: string;
  detailHeading?: string;
}

const FIGURES = ['temas', 'audiencia', 'acreditados', 'pendientes', 'vencidos', 'completos'] as const;

/**
 * The rows of an 'Avance' screen, sorted by any column (its heading is a button; the column's
 * `aria-sort` says how), with the progress as a bar and its figure. On a phone the table
 * scrolls sideways (by keyboard too: the region takes the focus).
 */
export function ProgressTable({ rows, label, nameHeading, detailHeading }: ProgressTableProps) {
  const { t, i18n } = useTranslation('indicators');
  const { formatNumber } = useFormat();
  const percent = usePercent();
  const [sort, setSort] = useState<Sort>({ column: 'nombre', direction: 'asc' });
  const sorted = sortRows(rows, sort, i18n.resolvedLanguage ?? i18n.language);

  const heading = (column: SortColumn, text: string, align: 'left' | 'right' = 'right') => {
    const active = sort.column === column;
    const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconSortAscending : IconSortDescending;
    return (
      <Table.Th
        scope="col"
        aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
        ta={align}
        style={{ whiteSpace: 'nowrap' }}
      >
        <UnstyledButton
          onClick={() => setSort((s) => nextSort(s, column))}
          fz="sm"
          fw={700}
          data-testid={`sort-${column}`}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, flexDirection: align === 'right' ? 'row-reverse' : 'row' }}
        >
          {text}
          <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.6, flex: 'none' }} />
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Table.ScrollContainer minWidth={detailHeading ? 1000 : 900} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-label={label} data-testid="progress-table">
        <Table.Thead>
          <Table.Tr>
            {heading('nombre', nameHeading, 'left')}
            {detailHeading && heading('detalle', detailHeading, 'left')}
            {FIGURES.map((c) => heading(c, t(`progress.columns.${c}`)))}
            {heading('porcentaje', t('progress.columns.porcentaje'), 'left')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((r) => (
            <Table.Tr key={r.id} data-testid="progress-row">
              <Table.Th scope="row" fw={500} miw={200} style={{ overflowWrap: 'break-word' }}>
                {r.nombre}
              </Table.Th>
              {detailHeading && <Table.Td>{r.detalle}</Table.Td>}
              {FIGURES.map((c) => (
                <Table.Td key={c} ta="right">
                  {formatNumber(r[c])}
                </Table.Td>
              ))}
              <Table.Td miw={150}>
                <Group gap="xs" wrap="nowrap">
                  <Progress
                    value={Math.min(100, Math.max(0, r.porcentaje))}
                    aria-label={t('progress.bar', { nombre: r.nombre, percent: percent(r.porcentaje) })}
                    size="lg"
                    radius="xl"
                    style={{ flex: 1, minWidth: 70 }}
                  />
                  <Text size="sm" fw={600} w={56} ta="right" style={{ flex: 'none' }}>
                    {percent(r.porcentaje)}
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
