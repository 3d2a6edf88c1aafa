import { Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { IconCheck } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { showSaved } from '@/components/feedback';
import { failureMessage } from '@/components/forms';
import { useScreenChrome } from '@/components/page-chrome';
import { useFormat } from '@/lib/i18n/use-format';
import { REVIEW_TABLE_URL, putAnswerScore } from '../api/review';
import type { CalificacionRespuesta, RespuestaRevisionFila } from '../api/types';
import { validScore } from './exam-rules';

const QUICK_SCORES = [0, 50, 100] as const;

/** The score input of one open answer: 0–100, or a quick 0 / 50 / 100; saving takes it off the queue. */
export function GradeControl({ row, onGraded }: { row: RespuestaRevisionFila; onGraded: (answer: CalificacionRespuesta) => void }) {
  const { t } = useTranslation(['exams', 'common']);
  const [value, setValue] = useState<number | string>('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = async (score: number) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await putAnswerScore(row.id_respuesta, score);
      showSaved(answer?.resp, answer?.intento_calificado ? t('exams:review.attempt_graded') : t('exams:review.graded'));
      onGraded(answer);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const invalid = value !== '' && !validScore(value);
  return (
    <Stack gap={4} miw={200} onClick={(e) => e.stopPropagation()}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <NumberInput
          size="xs"
          w={80}
          min={0}
          max={100}
          clampBehavior="none"
          allowNegative={false}
          decimalScale={1}
          value={value}
          onChange={setValue}
          aria-label={t('exams:review.score_of', { name: row.participante })}
          error={invalid ? t('errors:examenes.puntaje_invalido') : undefined}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && validScore(value)) void save(value);
          }}
        />
        <Button size="xs" leftSection={<IconCheck size={14} aria-hidden />} disabled={!validScore(value)} loading={busy} onClick={() => validScore(value) && void save(value)}>
          {t('common:actions.save')}
        </Button>
      </Group>
      <Group gap={4} wrap="nowrap">
        {QUICK_SCORES.map((score) => (
          <Button
            key={score}
            size="compact-xs"
            variant="light"
            disabled={busy}
            onClick={() => void save(score)}
            aria-label={t('exams:review.quick', { score, name: row.participante })}
          >
            {score}
          </Button>
        ))}
      </Group>
      {failure && (
        <Text size="xs" c="red.8" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}

/** /menu/examenes_revision: the open answers waiting for a score (an instructor sees their courses). */
export function ReviewScreen() {
  const { t } = useTranslation(['exams', 'common']);
  const { formatDate } = useFormat();
  const table = useRef<DataTableHandle>(null);
  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onExportExcel: () => table.current?.exportTo('xlsx'),
  });
  const columns = useMemo<DataTableColumn<RespuestaRevisionFila>[]>(
    () => [
      {
        field: 'curso',
        header: t('exams:review.curso'),
        cell: (r) => (
          <Stack gap={0}>
            <Text size="sm">{r.curso}</Text>
            {r.fecha_curso && (
              <Text size="xs" c="dimmed">
                {formatDate(r.fecha_curso, 'P')}
              </Text>
            )}
          </Stack>
        ),
      },
      { field: 'participante', header: t('exams:review.participante') },
      { field: 'pregunta', header: t('exams:review.pregunta'), cell: (r) => <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.pregunta}</Text> },
      {
        field: 'respuesta',
        header: t('exams:review.respuesta'),
        cell: (r) => (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {r.respuesta || '—'}
          </Text>
        ),
      },
      { field: 'entregado', header: t('exams:review.entregado'), cell: (r) => (r.entregado ? formatDate(r.entregado, 'Pp') : '—') },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- formatters change with the language, as `t` does
    [t],
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('exams:review.hint')}
        </Text>
        <DataTable<RespuestaRevisionFila>
          ref={table}
          url={REVIEW_TABLE_URL}
          title={t('exams:review.title')}
          columns={columns}
          rowKey={(r) => r.id_respuesta}
          defaultSort={{ field: 'entregado', direction: 'asc' }}
          rowActions={(r) => <GradeControl row={r} onGraded={() => table.current?.refresh()} />}
          emptyMessage={t('exams:review.empty')}
        />
      </Stack>
    </Paper>
  );
}
