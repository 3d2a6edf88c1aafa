import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { IconVideo, IconVideoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useFormat } from '@/lib/i18n/use-format';
import { useOnlineSessions } from '../api/online-sessions';
import { ModalityBadge } from './modality-badge';
import { byDay } from './online-sessions-rules';
import { safeMeetingUrl } from './safe-url';

/** /menu/teams: today's and the coming online sessions with 'Entrar a la reunión'. */
export function OnlineSessionsScreen() {
  const { t } = useTranslation(['courses', 'common']);
  const { formatDate } = useFormat();
  const sessions = useOnlineSessions();
  // 'En curso' is judged when the list loads (it refreshes every minute).
  const [now] = useState(() => Date.now());
  useScreenChrome({ onUpdate: () => void sessions.mutate() });

  if (sessions.error && !sessions.data) return <ListError title={t('courses:online.load_error')} error={sessions.error} onRetry={() => void sessions.mutate()} />;
  if (!sessions.data) return <ListSkeleton rows={3} />;
  if (sessions.data.length === 0) return <EmptyState icon={<IconVideoOff size={26} aria-hidden />} title={t('courses:online.empty')} />;
  return (
    <Stack gap="md">
      {byDay(sessions.data).map(([day, list]) => (
        <Stack key={day} gap="xs" component="section" aria-label={formatDate(day, 'PPPP')}>
          <Title order={2} size="h5">
            {formatDate(day, 'PPPP')}
          </Title>
          {list.map((s) => {
            const url = safeMeetingUrl(s.reunion_url);
            const live = Date.parse(s.inicio) <= now && now <= Date.parse(s.fin);
            return (
              <Paper key={s.id_sesion} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
                    <Group gap={6} wrap="wrap">
                      <Text fw={700}>
                        {s.hora_inicio.slice(0, 5)}–{s.hora_fin.slice(0, 5)}
                      </Text>
                      <ModalityBadge value={s.modalidad} />
                      {live && <Badge color="red">{t('courses:online.live')}</Badge>}
                      {s.reunion_tipo && s.reunion_tipo !== 'ninguna' && (
                        <Badge variant="light" color="gray">
                          {t(`courses:meetings.${s.reunion_tipo}`)}
                        </Badge>
                      )}
                    </Group>
                    <Text component={Link} to={`/menu/curso/${s.cve_curso}`} fw={600} c="blue.8" style={{ overflowWrap: 'anywhere' }}>
                      {s.nombre_corto || s.nombre_tema}
                    </Text>
                    {s.instructor && <Text size="sm">{t('courses:calendar.instructor', { name: s.instructor })}</Text>}
                  </Stack>
                  {url && (
                    <Button component="a" href={url} target="_blank" rel="noopener noreferrer" leftSection={<IconVideo size={16} aria-hidden />}>
                      {t('courses:meeting.join')}
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
