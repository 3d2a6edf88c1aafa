import { Alert, Badge, Button, Group, Modal, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { useScreenChrome } from '@/components/page-chrome';
import { errorMessage } from '@/lib/api/client';
import { hasSection, useSession } from '@/lib/auth/session';
import { useFormat } from '@/lib/i18n/use-format';
import { useCalendarEvents } from '../api/calendar-events';
import { postSeatRequest } from '../api/request-seat';
import type { EventoCalendario } from '../api/types';
import { MODALITIES, MODALITY_COLORS } from './course-rules';
import { DateRequestModal } from './date-request-modal';
import { ModalityBadge } from './modality-badge';

const CourseCalendar = lazy(() => import('./course-calendar'));

/** /menu/calendar_cursos: every scheduled session by month, week, day or list. */
export function CalendarScreen() {
  const { t } = useTranslation(['courses', 'common']);
  const { language } = useFormat();
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const [range, setRange] = useState<{ desde: string; hasta: string } | null>(null);
  const [params] = useSearchParams();
  const topicFilter = Number(params.get('cve_tema')) || null;
  const events = useCalendarEvents(range, topicFilter);
  const [open, setOpen] = useState<EventoCalendario | null>(null);
  const shown = events.data ?? [];

  const { user } = useSession();
  const [asking, setAsking] = useState(false);
  const supervises = (user?.subordinados?.length ?? 0) > 0;

  useScreenChrome({
    onUpdate: () => void events.mutate(),
    // Supervisors ask for a course date for their people from here (participants from their plan).
    custom: supervises ? [{ id: 'solicitar_fecha', label: t('courses:date_request.title'), onClick: () => setAsking(true) }] : undefined,
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} shadow="xs">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap" aria-label={t('courses:calendar.legend')}>
          {MODALITIES.map((m) => (
            <Badge key={m} color={MODALITY_COLORS[m]} c="white" variant="filled" size="sm">
              {t(`courses:modalities.${m}`)}
            </Badge>
          ))}
        </Group>
        {events.error !== undefined && <Alert color="red" role="alert">{errorMessage(events.error)}</Alert>}
        <div aria-busy={events.isValidating} className="aula-course-calendar">
          <Suspense fallback={<Skeleton height={480} radius="md" />}>
            <CourseCalendar
              key={`${language}-${compact ? 'c' : 'w'}`}
              events={shown}
              language={language}
              compact={compact}
              onRange={(desde, hasta) => setRange((r) => (r?.desde === desde && r.hasta === hasta ? r : { desde, hasta }))}
              onOpen={setOpen}
            />
          </Suspense>
        </div>
        {events.data && shown.length === 0 && (
          <Text size="sm" c="dimmed" role="status">
            {t('courses:calendar.empty')}
          </Text>
        )}
      </Stack>
      <DateRequestModal opened={asking} onClose={() => setAsking(false)} />
      <EventModal event={open} onClose={() => setOpen(null)} onRequested={() => void events.mutate()} />
    </Paper>
  );
}

/** The course of a clicked session: its data and the register modal's buttons. */
function EventModal({ event, onClose, onRequested }: { event: EventoCalendario | null; onClose: () => void; onRequested: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const { formatDate } = useFormat();
  const navigate = useNavigate();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [forWhom, setForWhom] = useState<string>('self');
  const manager = hasSection(user, 'cursos.lista');
  const subordinates = user?.subordinados ?? [];
  const close = () => {
    setFailure(null);
    setForWhom('self');
    onClose();
  };
  const e = event;
  const canAsk = !!e && e.estatus !== 'cancelado' && (forWhom !== 'self' || (!e.inscrito && !e.en_espera && e.autoinscripcion));

  const request = async () => {
    if (!e) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postSeatRequest(e.cve_curso, forWhom === 'self' ? undefined : Number(forWhom));
      showSaved(answer?.resp, t('courses:calendar.requested'));
      onRequested();
      close();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={!!e} onClose={close} title={e?.titulo ?? ''} centered>
      {e && (
        <Stack gap="xs">
          <Group gap={6}>
            <ModalityBadge value={e.modalidad} />
            {e.estatus === 'cancelado' && <Badge color="red">{t('courses:status.cancelado')}</Badge>}
            {e.inscrito && <Badge color="teal">{t('courses:calendar.enrolled')}</Badge>}
            {e.en_espera && <Badge color="orange">{t('courses:calendar.waiting')}</Badge>}
          </Group>
          <Text size="sm">{e.nombre_tema}</Text>
          <Text size="sm">
            {formatDate(e.fecha, 'PPPP')} · {e.hora_inicio.slice(0, 5)}–{e.hora_fin.slice(0, 5)}
          </Text>
          {(e.sede || e.sala) && <Text size="sm">{[e.sede, e.sala].filter(Boolean).join(' · ')}</Text>}
          {e.instructor && <Text size="sm">{t('courses:calendar.instructor', { name: e.instructor })}</Text>}
          <Text size="sm" fw={600} c={e.lugares_disponibles > 0 ? undefined : 'red.8'}>
            {e.lugares_disponibles > 0 ? t('courses:calendar.free', { count: e.lugares_disponibles }) : t('courses:calendar.full')}
          </Text>
          <FailureAlert message={failure} />
          {subordinates.length > 0 && e.estatus !== 'cancelado' && (
            <Select
              label={t('courses:calendar.for_whom')}
              data={[{ value: 'self', label: t('courses:calendar.myself') }, ...subordinates.map((s) => ({ value: String(s.cve_empleado), label: s.nombre_empleado }))]}
              value={forWhom}
              onChange={(v) => setForWhom(v ?? 'self')}
              allowDeselect={false}
              searchable
            />
          )}
          {forWhom === 'self' && !e.autoinscripcion && !e.inscrito && !e.en_espera && (
            <Text size="xs" c="dimmed">
              {t('courses:calendar.no_self')}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            {manager && (
              <Button variant="default" leftSection={<IconEye size={16} aria-hidden />} onClick={() => navigate(`/menu/curso/${e.cve_curso}`)}>
                {t('courses:calendar.view')}
              </Button>
            )}
            {canAsk && (
              <Button leftSection={<IconUserPlus size={16} aria-hidden />} loading={busy} onClick={() => void request()}>
                {e.lugares_disponibles > 0 ? t('courses:calendar.request') : t('courses:calendar.request_waiting')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
