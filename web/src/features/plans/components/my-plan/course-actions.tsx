import { Badge, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { format } from 'date-fns';
import {
  IconBook,
  IconCalendarEvent,
  IconCalendarPlus,
  IconCheck,
  IconCircleCheck,
  IconClipboardText,
  IconPlayerPlay,
  IconVideo,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { showSaved } from '@/components/feedback';
import { failureMessage, isSessionEnd } from '@/components/forms';
import { showAlert } from '@/lib/alerts';
import { ApiError } from '@/lib/api/errors';
import { getUser } from '@/lib/auth/session';
import { postConfirmAttendance } from '../../api/confirm-attendance';
import { putMaterialCompleted } from '../../api/material-completed';
import { postCourseDateRequest } from '../../api/request-course-date';
import { activeProfileIsInstructor, courseButtons, examCourse, type PlanCourseTopic } from './course-buttons';
import { CourseSurveyButton } from './course-survey';
import { usePlanExam } from './exam-slot';
import { usePlanScorm } from './scorm-slot';


function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The course buttons of a topic of the employee's own plan (spec §5 rules in course-buttons.ts). */
export function CourseActions({ topic }: { topic: PlanCourseTopic }) {
  const { t } = useTranslation(['plans', 'errors', 'common']);
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [taking, setTaking] = useState(false);
  const [playing, setPlaying] = useState(false);
  const renderExam = usePlanExam();
  const renderScorm = usePlanScorm();
  const me = getUser();
  const buttons = courseButtons(topic, { today: format(new Date(), 'yyyy-MM-dd'), isInstructor: activeProfileIsInstructor(me) });
  const enrolment = topic.cve_inscripcion_ai ?? 0;
  const refreshPlan = () => mutate((key) => Array.isArray(key) && key[0] === 'plans.planeada');

  const run = async (id: string, action: () => Promise<{ resp: string }>, failure: string, message?: string) => {
    setBusy(id);
    try {
      const answer = await action();
      showSaved(answer?.resp, message);
      await refreshPlan();
    } catch (error) {
      // Spec §8: the server's resp as the error, else the action's own message.
      if (!isSessionEnd(error)) void showAlert({ title: t('errors:ui.ups'), message: (error instanceof ApiError && error.resp) || failure });
    } finally {
      setBusy(null);
    }
  };

  const meeting = safeUrl(topic.meeting);
  const material = safeUrl(topic.material ?? topic.link);
  // A topic's package plays in the app's player; any other SCORM link opens as before.
  const player = !!topic.clave_scorm && !!renderScorm && !!me;
  const scorm = player ? null : safeUrl(topic.link);

  return (
    <>
      <Group gap={6} wrap="wrap">
        {buttons.waitingTurn !== null && (
          <Badge color="orange" variant="light">
            {t('plans:course.waiting', { turn: buttons.waitingTurn })}
          </Badge>
        )}
        {buttons.pendingRequest && (
          <Badge color="blue" variant="light">
            {t('plans:course.request_pending')}
          </Badge>
        )}
        {buttons.confirmAttendance && (
          <Button
            size="xs"
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={busy === 'confirm'}
            onClick={() => void run('confirm', () => postConfirmAttendance(enrolment), t('plans:course.confirm_error'), t('plans:course.confirmed'))}
          >
            {t('plans:course.confirm')}
          </Button>
        )}
        {buttons.material && meeting && (
          <Button size="xs" variant="light" component="a" href={meeting} target="_blank" rel="noopener noreferrer" leftSection={<IconVideo size={14} aria-hidden />}>
            {t('plans:course.meeting')}
          </Button>
        )}
        {buttons.material && !meeting && material && (
          <Button size="xs" variant="light" component="a" href={material} target="_blank" rel="noopener noreferrer" leftSection={<IconBook size={14} aria-hidden />}>
            {t('plans:course.material')}
          </Button>
        )}
        {buttons.scorm && player && (
          <Button size="xs" variant="light" leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={() => setPlaying(true)}>
            {t('plans:course.scorm')}
          </Button>
        )}
        {buttons.scorm && scorm && (
          <Button size="xs" variant="light" component="a" href={scorm} target="_blank" rel="noopener noreferrer" leftSection={<IconPlayerPlay size={14} aria-hidden />}>
            {t('plans:course.scorm')}
          </Button>
        )}
        {buttons.exam && renderExam && me && (
          <Button size="xs" variant="light" leftSection={<IconClipboardText size={14} aria-hidden />} onClick={() => setTaking(true)}>
            {t('plans:course.exam')}
          </Button>
        )}
        {buttons.materialCompleted && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCircleCheck size={14} aria-hidden />}
            loading={busy === 'material'}
            onClick={() => void run('material', () => putMaterialCompleted(enrolment), t('plans:course.material_error'))}
          >
            {t('plans:course.material_done')}
          </Button>
        )}
        <CourseSurveyButton topic={topic} />
        {buttons.ics && topic.cve_curso != null && (
          <Button size="xs" variant="subtle" component={Link} to={`/menu/descargar_ics/curso/${topic.cve_curso}`} leftSection={<IconCalendarEvent size={14} aria-hidden />}>
            {t('plans:course.ics')}
          </Button>
        )}
        {buttons.requestSeat && (
          <Button size="xs" variant="subtle" component={Link} to={`/menu/calendar_cursos?cve_tema=${topic.cve_tema}`} leftSection={<IconCalendarEvent size={14} aria-hidden />}>
            {t('plans:course.request_seat')}
          </Button>
        )}
        {buttons.requestDate && (
          <Button size="xs" variant="subtle" onClick={() => setAsking(true)} leftSection={<IconCalendarPlus size={14} aria-hidden />}>
            {t('plans:course.request_date')}
          </Button>
        )}
      </Group>
      {asking && <DateRequestModal topic={topic} onClose={() => setAsking(false)} />}
      {taking &&
        renderExam &&
        me &&
        renderExam({
          cve_empleado: me.cve_empleado,
          cve_curso: examCourse(topic),
          cve_tema: topic.cve_tema,
          nombre: topic.nombre,
          onClose: () => setTaking(false),
          onFinished: () => void refreshPlan(),
        })}
      {playing &&
        renderScorm &&
        me &&
        renderScorm({
          cve_empleado: me.cve_empleado,
          nombre_empleado: me.nombre_empleado,
          cve_tema: topic.cve_tema,
          nombre: topic.nombre,
          onClose: () => setPlaying(false),
          onFinished: () => void refreshPlan(),
        })}
    </>
  );
}

/** 'Solicitar fecha de curso': the employee asks the analysts for a date for this topic. */
function DateRequestModal({ topic, onClose }: { topic: PlanCourseTopic; onClose: () => void }) {
  const { t } = useTranslation(['plans', 'common']);
  const today = format(new Date(), 'yyyy-MM-dd');
  const [fecha, setFecha] = useState('');
  const [comentario, setComentario] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (!fecha || fecha < today) {
      setError(t('plans:course.date_required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await postCourseDateRequest({ cve_tema: topic.cve_tema, fecha_deseada: fecha, comentario: comentario.trim() || undefined });
      showSaved(answer?.resp, t('plans:course.date_sent'));
      onClose();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('plans:course.request_date_title', { name: topic.nombre })} centered>
      <Stack gap="sm">
        <TextInput
          type="date"
          label={t('plans:course.desired_date')}
          min={today}
          value={fecha}
          withAsterisk
          onChange={(e) => setFecha(e.currentTarget.value)}
          error={error ?? undefined}
          data-autofocus
        />
        <Textarea label={t('plans:course.comment')} maxLength={500} value={comentario} onChange={(e) => setComentario(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void send()}>
            {t('plans:course.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
