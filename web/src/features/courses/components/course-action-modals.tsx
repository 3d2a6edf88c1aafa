import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { failureMessage, FailureAlert } from '@/components/forms';
import { postCancelCourse } from '../api/cancel-course';
import { postCloseCourse } from '../api/close-course';
import { postOpenCourse } from '../api/open-course';
import { postCourseMail } from '../api/send-course-mail';

import type { CourseRef } from './download-ics';

/** The actions that ask first. */
export type ConfirmedAction = 'cancelar' | 'cerrar' | 'abrir' | 'correo';

/** The confirmation / form modal of a course action; `onDone` after it succeeded. */
export function CourseActionModal({
  action,
  course,
  onClose,
  onDone,
}: {
  action: ConfirmedAction | null;
  course: CourseRef | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['courses', 'common']);
  const [motivo, setMotivo] = useState('');
  const [asunto, setAsunto] = useState('');
  const [mensaje, setMensaje] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const opened = !!action && !!course;

  const close = () => {
    setMotivo('');
    setAsunto('');
    setMensaje('');
    setFailure(null);
    setMissing(false);
    onClose();
  };

  const run = async () => {
    if (!action || !course) return;
    if ((action === 'cancelar' && !motivo.trim()) || (action === 'correo' && (!asunto.trim() || !mensaje.trim()))) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      if (action === 'cancelar') {
        const answer = await postCancelCourse(course.cve_curso, motivo.trim());
        showSaved(answer?.resp, t('courses:actions.cancelled'));
      } else if (action === 'cerrar') {
        const answer = await postCloseCourse(course.cve_curso);
        showSaved(undefined, t('courses:actions.closed', { ok: answer.acreditados, ko: answer.no_acreditados }));
      } else if (action === 'abrir') {
        await postOpenCourse(course.cve_curso);
        showSaved(undefined, t('courses:actions.opened'));
      } else {
        const answer = await postCourseMail(course.cve_curso, asunto.trim(), mensaje.trim());
        showSaved(undefined, t('courses:actions.mail_sent', { count: answer.enviados }));
      }
      close();
      onDone();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const title = action ? t(`courses:actions.${action}_title`) : '';
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      {course && action && (
        <Stack gap="sm">
          <FailureAlert message={failure} />
          <Text size="sm">{t(`courses:actions.${action}_text`, { name: course.nombre })}</Text>
          {action === 'cancelar' && (
            <Textarea
              label={t('courses:actions.reason')}
              withAsterisk
              maxLength={500}
              value={motivo}
              onChange={(e) => setMotivo(e.currentTarget.value)}
              error={missing && !motivo.trim() ? t('courses:form.errors.required') : undefined}
              data-autofocus
            />
          )}
          {action === 'correo' && (
            <>
              <TextInput
                label={t('courses:actions.subject')}
                withAsterisk
                maxLength={150}
                value={asunto}
                onChange={(e) => setAsunto(e.currentTarget.value)}
                error={missing && !asunto.trim() ? t('courses:form.errors.required') : undefined}
                data-autofocus
              />
              <Textarea
                label={t('courses:actions.message')}
                withAsterisk
                rows={6}
                maxLength={5000}
                value={mensaje}
                onChange={(e) => setMensaje(e.currentTarget.value)}
                error={missing && !mensaje.trim() ? t('courses:form.errors.required') : undefined}
              />
              <Text size="xs" c="dimmed">
                {t('courses:actions.mail_hint')}
              </Text>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button color={action === 'cancelar' ? 'red' : undefined} loading={busy} onClick={() => void run()}>
              {t(`courses:actions.${action}_confirm`)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
