import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { putAuthorize, putReject } from '../api/review';
import type { LogRow } from '../api/types';
import { MOTIVO_MAX } from './rules';
import { useDates } from './use-dates';

interface Props {
  row: LogRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** Confirms an authorisation: the topic becomes accredited in the worker's plan. */
export function AuthorizeModal({ row, onClose, onDone }: Props) {
  const { t } = useTranslation(['external-certifications', 'common']);
  const { date, validity } = useDates();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    if (!row) return;
    setBusy(true);
    setFailure(null);
    try {
      await putAuthorize(row.cve_log);
      showSaved(undefined, t('external-certifications:authorize.done'));
      close();
      onDone();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={!!row} onClose={close} title={t('external-certifications:authorize.title')} centered>
      {row && (
        <Stack gap="sm">
          <Text size="sm">
            {t('external-certifications:authorize.text', {
              tema: row.nombre_tema,
              name: row.certificado,
              fecha: date(row.fecha_realizacion),
              vigencia: validity(row.fecha_vigencia),
            })}
          </Text>
          <FailureAlert message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button color="teal" loading={busy} leftSection={<IconCheck size={16} aria-hidden />} onClick={() => void confirm()} data-autofocus>
              {t('external-certifications:authorize.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** A rejection with its required reason (1–500 characters), which the supplier sees. */
export function RejectModal({ row, onClose, onDone }: Props) {
  const { t } = useTranslation(['external-certifications', 'common']);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setMotivo('');
    setError(null);
    setFailure(null);
    onClose();
  };
  const reject = async () => {
    if (!row) return;
    const reason = motivo.trim();
    if (!reason) {
      setError(t('external-certifications:reject.required'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await putReject(row.cve_log, reason);
      showSaved(undefined, t('external-certifications:reject.done'));
      close();
      onDone();
    } catch (e) {
      setFailure(failureMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={!!row} onClose={close} title={t('external-certifications:reject.title')} centered>
      {row && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void reject();
          }}
        >
          <Stack gap="sm">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('external-certifications:reject.text', { name: row.certificado, tema: row.nombre_tema })}
            </Text>
            <FailureAlert message={failure} />
            <Textarea
              label={t('external-certifications:reject.reason')}
              value={motivo}
              maxLength={MOTIVO_MAX}
              rows={3}
              required
              error={error}
              description={`${motivo.length} / ${MOTIVO_MAX}`}
              onChange={(e) => {
                setMotivo(e.currentTarget.value);
                if (error) setError(null);
              }}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" color="red" loading={busy} leftSection={<IconX size={16} aria-hidden />}>
                {t('external-certifications:reject.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
