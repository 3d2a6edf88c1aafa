import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { IconCalendarOff, IconChecklist, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useTodaySessions } from '../api/today-sessions';
import { ModalityBadge } from './modality-badge';
import { safeMeetingUrl } from './safe-url';

/** /menu/panel_cursos: today's sessions as cards, with the way to their attendance. */
export function TodayPanelScreen() {
  const { t } = useTranslation(['courses', 'common']);
  const sessions = useTodaySessions();
  useScreenChrome({ onUpdate: () => void sessions.mutate() });

  if (sessions.error && !sessions.data) return <ListError title={t('courses:panel.load_error')} error={sessions.error} onRetry={() => void sessions.mutate()} />;
  if (!sessions.data) return <ListSkeleton rows={3} />;
  if (sessions.data.length === 0) return <EmptyState icon={<IconCalendarOff size={26} aria-hidden />} title={t('courses:panel.empty')} description={t('courses:panel.empty_hint')} />;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {sessions.data.map((s) => {
        const meeting = safeMeetingUrl(s.reunion_url);
        const recorded = s.asistencia_registrada >= s.inscritos && s.inscritos > 0;
        return (
          <Paper key={s.id_sesion} withBorder radius="md" p="sm" component="article" aria-label={s.nombre_corto || s.nombre_tema}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={700} size="lg">
                  {s.hora_inicio.slice(0, 5)}–{s.hora_fin.slice(0, 5)}
                </Text>
                <ModalityBadge value={s.modalidad} />
              </Group>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {s.nombre_corto || s.nombre_tema}
              </Text>
              {(s.sede || s.sala) && <Text size="sm">{[s.sede, s.sala].filter(Boolean).join(' · ')}</Text>}
              {s.instructor && <Text size="sm">{t('courses:calendar.instructor', { name: s.instructor })}</Text>}
              <Group gap="xs" wrap="wrap">
                <Badge variant="light">{t('courses:panel.enrolled', { count: s.inscritos })}</Badge>
                <Badge variant="light" color="teal">
                  {t('courses:panel.confirmed', { count: s.confirmados })}
                </Badge>
                <Badge variant="light" color={recorded ? 'teal' : 'orange'}>
                  {recorded ? t('courses:panel.recorded') : t('courses:panel.recorded_n', { n: s.asistencia_registrada, total: s.inscritos })}
                </Badge>
              </Group>
              <Group gap="xs" mt={4}>
                <Button size="xs" component={Link} to={`/menu/curso/${s.cve_curso}?pestana=asistencia`} leftSection={<IconChecklist size={14} aria-hidden />}>
                  {t('courses:panel.attendance')}
                </Button>
                {meeting && (
                  <Button size="xs" variant="light" component="a" href={meeting} target="_blank" rel="noopener noreferrer" leftSection={<IconVideo size={14} aria-hidden />}>
                    {t('courses:meeting.join')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
