import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useFormat } from '@/lib/i18n/use-format';
import { examResultsTableUrl, useExamStats } from '../api/course-exam';
import type { EstadisticasExamen, ResultadoExamenFila } from '../api/types';
import { formatClock } from './exam-rules';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {children}
      </Text>
    </Paper>
  );
}

/** A bar drawn with CSS; the number beside it is what readers get (the bar is decoration). */
function Bar({ share, color }: { share: number; color: string }) {
  return (
    <Box aria-hidden h={10} bg="var(--mantine-color-gray-2)" style={{ borderRadius: 4, overflow: 'hidden', minWidth: 60 }}>
      <Box h="100%" w={`${Math.max(0, Math.min(100, share))}%`} bg={color} />
    </Box>
  );
}

/** A course exam's statistics and the table of every attempt (with export). */
export function ExamResults({ cveCurso }: { cveCurso: number }) {
  const { t } = useTranslation(['exams', 'common']);
  const stats = useExamStats(cveCurso);
  return (
    <Stack gap="md">
      {stats.error && !stats.data && <ListError title={t('exams:stats.load_error')} error={stats.error} onRetry={() => void stats.mutate()} />}
      {!stats.data && !stats.error && <ListSkeleton rows={2} />}
      {stats.data && <StatsPanel stats={stats.data} />}
      <ResultsTable cveCurso={cveCurso} />
    </Stack>
  );
}

/** Presented, passed, average, average time, score distribution and the share right per question. */
export function StatsPanel({ stats }: { stats: EstadisticasExamen }) {
  const { t } = useTranslation(['exams', 'common']);
  const { formatNumber } = useFormat();
  const pct = (n: number | null) => (n == null ? '—' : `${formatNumber(n, { maximumFractionDigits: 1 })} %`);
  const most = Math.max(1, ...stats.distribucion.map((d) => d.n));
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Title order={3} size="h5">
          {t('exams:stats.title')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={t('exams:stats.presentados')}>{stats.presentados}</Figure>
          <Figure label={t('exams:stats.aprobados')}>{stats.aprobados}</Figure>
          <Figure label={t('exams:stats.promedio')}>{pct(stats.promedio)}</Figure>
          <Figure label={t('exams:stats.tiempo_promedio')}>{stats.tiempo_promedio_seg == null ? '—' : formatClock(stats.tiempo_promedio_seg)}</Figure>
        </SimpleGrid>
        <Table.ScrollContainer minWidth={300} type="native" tabIndex={0} role="region" aria-label={t('exams:stats.distribution')}>
          <Table>
            <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, paddingBottom: 4 }}>{t('exams:stats.distribution')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('exams:stats.range')}</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  {t('exams:stats.count')}
                </Table.Th>
                <Table.Th scope="col" style={{ width: '50%' }}>
                  <span aria-hidden>&nbsp;</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.distribucion.map((d) => (
                <Table.Tr key={d.desde}>
                  <Table.Th scope="row" fw={400}>
                    {t('exams:stats.range_value', { from: d.desde, to: d.hasta })}
                  </Table.Th>
                  <Table.Td style={{ textAlign: 'right' }}>{d.n}</Table.Td>
                  <Table.Td>
                    <Bar share={(d.n / most) * 100} color="var(--mantine-color-blue-6)" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Table.ScrollContainer minWidth={420} type="native" tabIndex={0} role="region" aria-label={t('exams:stats.per_question')}>
          <Table striped>
            <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, paddingBottom: 4 }}>{t('exams:stats.per_question')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('exams:stats.question')}</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  {t('exams:stats.answered')}
                </Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  {t('exams:stats.right')}
                </Table.Th>
                <Table.Th scope="col" style={{ width: '25%' }}>
                  <span aria-hidden>&nbsp;</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.preguntas.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" size="sm">
                      {t('exams:stats.no_answers')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {stats.preguntas.map((q) => (
                <Table.Tr key={q.id_pregunta}>
                  <Table.Th scope="row" fw={400} style={{ overflowWrap: 'anywhere' }}>
                    <Group gap={6} wrap="nowrap" align="flex-start">
                      <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                        {t(`exams:types.${q.tipo}`)}
                      </Badge>
                      <span>{q.pregunta}</span>
                    </Group>
                  </Table.Th>
                  <Table.Td style={{ textAlign: 'right' }}>{q.respondidas}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{pct(q.porcentaje)}</Table.Td>
                  <Table.Td>
                    <Bar share={q.porcentaje ?? 0} color="var(--mantine-color-teal-6)" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/** Every attempt of the course's exam, through the table engine, with the export. */
function ResultsTable({ cveCurso }: { cveCurso: number }) {
  const { t } = useTranslation(['exams', 'common']);
  const { formatDate, formatNumber } = useFormat();
  const table = useRef<DataTableHandle>(null);
  const [exporting, setExporting] = useState(false);
  const num = (n: number | null) => (n == null ? '—' : formatNumber(n, { maximumFractionDigits: 1 }));
  const columns = useMemo<DataTableColumn<ResultadoExamenFila>[]>(
    () => [
      { field: 'participante', header: t('exams:results.participante') },
      { field: 'num_empleado', header: t('exams:results.num_empleado'), width: 100 },
      { field: 'intento', header: t('exams:results.intento'), align: 'right', width: 80 },
      { field: 'inicio', header: t('exams:results.inicio'), cell: (r) => formatDate(r.inicio, 'Pp') },
      { field: 'entregado', header: t('exams:results.entregado'), cell: (r) => (r.entregado ? formatDate(r.entregado, 'Pp') : '—') },
      { field: 'duracion_seg', header: t('exams:results.duracion'), align: 'right', cell: (r) => (r.duracion_seg == null ? '—' : formatClock(r.duracion_seg)) },
      { field: 'porcentaje', header: t('exams:results.porcentaje'), align: 'right', cell: (r) => (r.porcentaje == null ? '—' : `${num(r.porcentaje)} %`) },
      { field: 'calificacion', header: t('exams:results.calificacion'), align: 'right', cell: (r) => num(r.calificacion) },
      {
        field: 'estado',
        header: t('exams:results.estado'),
        cell: (r) => (
          <Badge size="sm" variant="light" color={r.estado === 'calificado' ? 'teal' : r.estado === 'por_revisar' ? 'grape' : 'blue'}>
            {t(`exams:attempt_states.${r.estado}`, { defaultValue: r.estado })}
          </Badge>
        ),
        printValue: (r) => t(`exams:attempt_states.${r.estado}`, { defaultValue: r.estado }),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- formatters change with the language, as `t` does
    [t],
  );
  const exportExcel = async () => {
    setExporting(true);
    try {
      await table.current?.exportTo('xlsx');
    } finally {
      setExporting(false);
    }
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={3} size="h5">
            {t('exams:results.title')}
          </Title>
          <Button size="xs" variant="default" leftSection={<IconFileSpreadsheet size={14} aria-hidden />} loading={exporting} onClick={() => void exportExcel()}>
            {t('common:actions.export_excel')}
          </Button>
        </Group>
        <DataTable<ResultadoExamenFila>
          ref={table}
          url={examResultsTableUrl(cveCurso)}
          title={t('exams:results.title')}
          columns={columns}
          rowKey={(r) => `${r.participante}-${r.num_empleado ?? ''}-${r.intento}`}
          defaultSort={{ field: 'participante', direction: 'asc' }}
          emptyMessage={t('exams:results.empty')}
        />
      </Stack>
    </Paper>
  );
}
