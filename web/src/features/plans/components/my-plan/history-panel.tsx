import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useFormat } from '@/lib/i18n/use-format';
import { usePlanHistory } from '../../api/plan-history';
import { StateBadge } from './plan-badges';
import { neverExpires } from './validity';

/** The employee's ledger facts and the requirements they stopped having. */
export function HistoryPanel({ cveEmpleado }: { cveEmpleado: number }) {
  const { t } = useTranslation('plans');
  const { formatDate } = useFormat();
  const history = usePlanHistory(cveEmpleado);
  if (history.error !== undefined && !history.data) {
    return <ListError title={t('plans:history.load_error')} error={history.error} onRetry={() => void history.mutate()} />;
  }
  if (!history.data) return <ListSkeleton rows={2} />;
  const { acreditaciones, requerimientos_anteriores: former } = history.data;
  const date = (value: string | null | undefined) => (value ? formatDate(value, 'P') || value : '—');
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('plans:history.accreditations')}
        </Title>
        {acreditaciones.length === 0 ? (
          <EmptyState icon={<IconHistory size={26} aria-hidden />} title={t('plans:history.empty')} />
        ) : (
          // The topic keeps a readable width; on a phone the table scrolls sideways instead of
          // squeezing "NOM-002 · Prevención y combate…" into five lines.
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={{ minWidth: 240 }}>{t('plans:fields.tema')}</Table.Th>
                  <Table.Th>{t('plans:fields.fecha')}</Table.Th>
                  <Table.Th>{t('plans:fields.calificacion')}</Table.Th>
                  <Table.Th>{t('plans:fields.origen')}</Table.Th>
                  <Table.Th>{t('plans:fields.vigencia')}</Table.Th>
                  <Table.Th>{t('plans:fields.estado')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {acreditaciones.map((a) => (
                  <Table.Tr key={a.id_acreditacion}>
                    <Table.Td>{a.abreviatura ? `${a.abreviatura} · ${a.nombre_tema}` : a.nombre_tema}</Table.Td>
                    <Table.Td>{date(a.fecha)}</Table.Td>
                    <Table.Td>{a.calificacion ?? '—'}</Table.Td>
                    <Table.Td>{t(`plans:origins.${a.origen}`, { defaultValue: a.origen })}</Table.Td>
                    <Table.Td>{neverExpires(a.vigencia) ? t('plans:topic.no_expiry') : date(a.vigencia)}</Table.Td>
                    <Table.Td>{a.estado ? <StateBadge estado={a.estado} /> : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {former.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('plans:history.former')}
          </Title>
          {former.map((r) => (
            <Paper key={`${r.id_requerimiento}-${r.fecha}`} withBorder radius="md" p="xs">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{r.nombre_bloque ?? (r.abreviatura ? `${r.abreviatura} · ${r.nombre_tema ?? ''}` : (r.nombre_tema ?? ''))}</Text>
                <Group gap="xs">
                  <Badge variant="light" color="gray">
                    {t(`plans:reasons.${r.motivo}`, { defaultValue: r.motivo })}
                  </Badge>
                  <Text size="xs">{date(r.fecha)}</Text>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
