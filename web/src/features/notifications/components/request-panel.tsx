import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '@/lib/alerts';
import { ApiError } from '@/lib/api/errors';
import { useFormat } from '@/lib/i18n/use-format';
import { postAcceptRequest } from '../api/accept-request';
import { postRejectRequest } from '../api/reject-request';
import { coordinatorFor, requestView, type NotificationRequest } from './request-rules';

export interface RequestPanelProps {
  request: NotificationRequest;
  /** The signed-in employee (the coordinator's cve). */
  cve: number;
  /** The request changed state: refresh the notification. */
  onResolved: (estatus: number, etapa?: string) => void;
  /** The request no longer exists or was resolved by someone else. */
  onGone: () => void;
}

function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 409) && !!error.code && error.code !== 'http.cambio_plan';
}

function isSessionEnd(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || (error.status === 409 && (!error.code || error.code === 'http.cambio_plan')));
}

/** The two-step enrolment request of a notification: its data, Accept / Reject or its state. */
export function RequestPanel({ request, cve, onResolved, onGone }: RequestPanelProps) {
  const { t } = useTranslation(['notifications', 'common']);
  const { formatDate } = useFormat();
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [motivo, setMotivo] = useState('');
  const view = requestView(request);

  const success = (message: string) => showAlert({ title: t('common:success'), message, tone: 'success' });

  const fail = (error: unknown, fallback: string) => {
    if (isSessionEnd(error)) return;
    if (isGone(error)) {
      onGone();
      return;
    }
    void showAlert({ title: t('errors:ui.ups'), message: fallback });
  };

  const accept = async () => {
    setBusy('accept');
    try {
      const answer = await postAcceptRequest(request.idsolicitud, coordinatorFor(request, cve));
      if (Number(answer.resp) !== 1) {
        void showAlert({ title: t('errors:ui.ups'), message: typeof answer.resp === 'string' && answer.resp ? answer.resp : t('notifications:request.accept_error') });
        return;
      }
      const estatus = Number(answer.estatus ?? 3) || 3;
      void success(answer.mensaje || (estatus === 3 ? t('notifications:request.accepted_text') : t('notifications:request.to_analyst')));
      onResolved(estatus, answer.etapa);
    } catch (error) {
      fail(error, t('notifications:request.accept_error'));
    } finally {
      setBusy(null);
    }
  };

  const reject = async () => {
    setBusy('reject');
    try {
      await postRejectRequest(request.idsolicitud, motivo.trim() || undefined);
      void success(t('notifications:request.rejected_text'));
      setRejecting(false);
      onResolved(2);
    } catch (error) {
      fail(error, t('notifications:request.reject_error'));
    } finally {
      setBusy(null);
    }
  };

  const fact = (label: string, value: string | null | undefined) =>
    value ? (
      <Text size="sm">
        <Text span fw={600}>
          {label}:
        </Text>{' '}
        {value}
      </Text>
    ) : null;

  return (
    <Paper withBorder radius="md" p="sm" aria-label={t('notifications:request.title')} component="section">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} size="sm">
            {t('notifications:request.title')}
          </Text>
          {view === 'rejected' && <Badge color="red">{t('notifications:request.rejected')}</Badge>}
          {view === 'accepted' && <Badge color="teal">{t('notifications:request.accepted')}</Badge>}
          {view !== 'rejected' && view !== 'accepted' && (
            <Badge color="blue" variant="light">
              {request.etapa === 'analista' ? t('notifications:request.stage_analyst') : t('notifications:request.stage_coordinator')}
            </Badge>
          )}
        </Group>
        {fact(t('notifications:request.employee'), request.nombre_empleado)}
        {fact(t('notifications:request.course'), request.nombre_curso)}
        {fact(t('notifications:request.date'), request.fecha_curso ? formatDate(request.fecha_curso, 'PPP') || request.fecha_curso : null)}
        {fact(t('notifications:request.schedule'), request.horario_curso)}
        {fact(t('notifications:request.room'), request.nombre_sala)}
        {fact(t('notifications:request.instructor'), request.nombre_instructor)}
        {view === 'waiting' && (
          <Text size="xs" c="dimmed">
            {t('notifications:request.waiting')}
          </Text>
        )}
        {view === 'actions' && rejecting && (
          <Textarea
            label={t('notifications:request.reason')}
            maxLength={500}
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
            data-autofocus
            mt="xs"
          />
        )}
        {view === 'actions' && (
          <Group justify="flex-end" gap="xs" mt="xs">
            {rejecting ? (
              <>
                <Button variant="default" size="xs" onClick={() => setRejecting(false)} disabled={busy !== null}>
                  {t('common:actions.cancel')}
                </Button>
                <Button color="red" size="xs" loading={busy === 'reject'} onClick={() => void reject()} leftSection={<IconX size={14} aria-hidden />}>
                  {t('notifications:request.confirm_reject')}
                </Button>
              </>
            ) : (
              <>
                <Button variant="light" color="red" size="xs" onClick={() => setRejecting(true)} disabled={busy !== null} leftSection={<IconX size={14} aria-hidden />}>
                  {t('notifications:request.reject')}
                </Button>
                <Button size="xs" loading={busy === 'accept'} onClick={() => void accept()} leftSection={<IconCheck size={14} aria-hidden />}>
                  {t('notifications:request.accept')}
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
