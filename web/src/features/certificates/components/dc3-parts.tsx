import { Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EstadoDc3, SeguimientoDc3 } from '../api/types';
import { STATE_COLORS, dueNote, type StateSummary } from './follow-up-rules';

const STATE_ICONS: Record<EstadoDc3, ReactNode> = {
  vencidas: <IconAlertTriangle size={14} aria-hidden />,
  por_entregar: <IconClockHour4 size={14} aria-hidden />,
  entregadas: <IconCircleCheck size={14} aria-hidden />,
};

/** A course's DC-3 state: Vencidas (red), Por entregar (blue), Entregadas (green). */
export function StateBadge({ estado }: { estado: string }) {
  const { t } = useTranslation('certificates');
  const known = Object.hasOwn(STATE_COLORS, estado) ? (estado as EstadoDc3) : null;
  return (
    // Never cut to 'V…' when a phone's table squeezes its column.
    <Badge variant="light" color={known ? STATE_COLORS[known] : 'gray'} leftSection={known ? STATE_ICONS[known] : undefined} tt="none" miw="max-content">
      {t(`certificates:follow_up.states.${estado}`, { defaultValue: estado })}
    </Badge>
  );
}

/** The note under a due date: 'vence en N días hábiles', 'N días hábiles de retraso'… */
export function DueText({ course }: { course: Pick<SeguimientoDc3, 'estado' | 'dias_restantes'> }) {
  const { t } = useTranslation('certificates');
  const note = dueNote(course);
  if (!note) return null;
  const late = note.kind === 'late' || note.kind === 'overdue';
  const text =
    note.kind === 'left' || note.kind === 'late'
      ? t(`certificates:follow_up.due.${note.kind}`, { count: note.days })
      : t(`certificates:follow_up.due.${note.kind}`);
  return (
    <Text component="span" display="block" size="xs" fw={late ? 700 : 500} c={late ? 'red.9' : 'dimmed'}>
      {text}
    </Text>
  );
}

/** The year's figures per state: how many courses, and how many DC-3s they owe or delivered. */
export function SummaryCards({ anio, summary }: { anio: number; summary: StateSummary[] }) {
  const { t } = useTranslation('certificates');
  return (
    <SimpleGrid component="section" aria-label={t('certificates:follow_up.summary_label', { anio })} cols={3} spacing="xs" data-testid="dc3-summary">
      {summary.map((s) => (
        <Paper
          key={s.estado}
          withBorder
          radius="md"
          p={{ base: 'xs', sm: 'sm' }}
          style={{ borderTop: `4px solid var(--mantine-color-${STATE_COLORS[s.estado]}-6)` }}
          data-testid={`dc3-summary-${s.estado}`}
        >
          <Stack gap={2}>
            <Text size="sm" fw={700}>
              {t(`certificates:follow_up.states.${s.estado}`)}
            </Text>
            <Text size="sm">
              <Text component="span" fz={{ base: 22, sm: 28 }} fw={800} lh={1.1} c={`${STATE_COLORS[s.estado]}.9`}>
                {s.cursos}
              </Text>{' '}
              {t('certificates:follow_up.summary.courses', { count: s.cursos })}
            </Text>
            <Text size="xs" c="dimmed">
              {s.estado === 'entregadas'
                ? t('certificates:follow_up.summary.delivered', { count: s.constancias })
                : t('certificates:follow_up.summary.pending', { count: s.constancias })}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
