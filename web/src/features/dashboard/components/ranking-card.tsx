import { Box, Group, Paper, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Table.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/states/empty-state';
import { useFormat } from '@/lib/i18n/use-format';
import { DEFAULT_RANKING_PERIOD, RANKING_PERIODS, useRanking, type FilaRanking, type RankingPeriod, type Viewer } from '../api/dashboard-stats';
import { badgeName } from './chart-data';

const BADGES = new Set(['oro', 'plata', 'bronce', 'estrella']);

/**
 * The top-5 ranking (spec §2, §9): a period selector (Mes, Día, Semana, Año; Año first
 * shown) and a table of position, badge, employee, user type, post and total courses, or
 * 'No se encontró información' when nobody accredited a course in the period. On a phone the
 * user type and post go under the name.
 */
export function RankingCard({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation('dashboard');
  const { formatNumber } = useFormat();
  const [periodo, setPeriodo] = useState<RankingPeriod>(DEFAULT_RANKING_PERIOD);
  const ranking = useRanking(viewer, periodo);
  const titleId = useId();
  // Spec §8: a failure leaves the ranking empty, without a dialog.
  const rows = ranking.error === undefined ? ranking.data : [];
  const switching = rows !== undefined && ranking.isValidating;
  const periodName = t(`ranking.periods.${periodo}`);

  const badgeAlt = (row: FilaRanking) => {
    const name = badgeName(row.insignia);
    return t(`ranking.badges.${BADGES.has(name) ? name : 'other'}`);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} shadow="xs" component="section" aria-labelledby={titleId} data-testid="ranking" miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Title order={3} size="h5" id={titleId}>
            {t('ranking.title')}
          </Title>
          <SegmentedControl
            size="xs"
            aria-label={t('ranking.period')}
            data={RANKING_PERIODS.map((p) => ({ value: p, label: t(`ranking.periods.${p}`) }))}
            value={periodo}
            onChange={(v) => setPeriodo(v as RankingPeriod)}
          />
        </Group>
        {rows === undefined ? (
          <Stack gap={6} aria-busy>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={36} radius="sm" />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <EmptyState title={t('ranking.empty')} />
        ) : (
          <Box aria-busy={switching || undefined} style={{ opacity: switching ? 0.6 : 1, transition: 'opacity 120ms' }}>
            <Table fz="sm" verticalSpacing={6} horizontalSpacing="xs" highlightOnHover>
              <caption style={{ captionSide: 'top', textAlign: 'start', padding: 0, marginBottom: 6 }}>
                <Text size="sm" c="dimmed" component="span">
                  {t('ranking.caption', { period: periodName })}
                </Text>
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={1}>
                    {t('ranking.position')}
                  </Table.Th>
                  <Table.Th scope="col" w={1}>
                    {t('ranking.badge')}
                  </Table.Th>
                  <Table.Th scope="col">{t('ranking.name')}</Table.Th>
                  <Table.Th scope="col" visibleFrom="sm">
                    {t('ranking.user_type')}
                  </Table.Th>
                  <Table.Th scope="col" visibleFrom="sm">
                    {t('ranking.post')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end" w={1} maw={96}>
                    {t('ranking.total')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.posicion}-${row.nombre_empleado}`} data-testid="ranking-row">
                    <Table.Td fw={700}>{formatNumber(row.posicion)}</Table.Td>
                    <Table.Td>
                      <img src={row.insignia} alt={badgeAlt(row)} width={32} height={32} loading="lazy" style={{ display: 'block' }} />
                    </Table.Td>
                    <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {row.nombre_empleado}
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {[row.tipo_usuario, row.puesto].filter(Boolean).join(' · ')}
                      </Text>
                    </Table.Th>
                    <Table.Td visibleFrom="sm">{row.tipo_usuario}</Table.Td>
                    <Table.Td visibleFrom="sm">{row.puesto}</Table.Td>
                    <Table.Td ta="end" fw={700}>
                      {formatNumber(row.total_cursos)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
