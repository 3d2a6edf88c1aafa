import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEnd } from '@/components/forms/server-errors';
import { errorMessage } from '@/lib/api/client';
import { putAccess } from '../api/set-access';
import { postBaja } from '../api/set-baja';
import { showDone } from './toast';

/** The employee a status change is about, and the state it goes to. */
export interface StatusChange {
  cve_empleado: number;
  nombre_empleado: string;
  /** 1: baja lógica / access on; 0: reactivate / access off. */
  next: 0 | 1;
}

interface ConfirmProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

function ConfirmModal({ opened, title, message, confirmLabel, danger, onConfirm, onClose }: ConfirmProps) {
  const { t } = useTranslation(['common', 'errors']);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      close();
    } catch (error) {
      if (isSessionEnd(error)) close();
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size="sm">
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {failure && (
          <Alert color="red" variant="light" role="alert" title={t('errors:ui.ups')}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Confirms and sends the baja lógica (next = 1) or the reactivation (next = 0). */
export function BajaModal({
  change,
  onClose,
  onDone,
}: {
  change: StatusChange | null;
  onClose: () => void;
  onDone: (cve: number) => void;
}) {
  const { t } = useTranslation('employees');
  const baja = change?.next === 1;
  const name = change?.nombre_empleado ?? '';
  return (
    <ConfirmModal
      opened={!!change}
      title={baja ? t('baja.title') : t('baja.reactivate_title')}
      message={baja ? t('baja.confirm', { name }) : t('baja.reactivate_confirm', { name })}
      confirmLabel={baja ? t('baja.action') : t('baja.reactivate')}
      danger={baja}
      onClose={onClose}
      onConfirm={async () => {
        if (!change) return;
        const answer = await postBaja(change.cve_empleado, change.next);
        showDone(baja ? t('baja.done') : t('baja.reactivated'), answer?.resp);
        onDone(change.cve_empleado);
      }}
    />
  );
}

/** Confirms and switches the platform access off (next = 0) or on (next = 1). */
export function AccessModal({
  change,
  onClose,
  onDone,
}: {
  change: StatusChange | null;
  onClose: () => void;
  onDone: (cve: number) => void;
}) {
  const { t } = useTranslation('employees');
  const off = change?.next === 0;
  const name = change?.nombre_empleado ?? '';
  return (
    <ConfirmModal
      opened={!!change}
      title={off ? t('access.deactivate') : t('access.activate')}
      message={off ? t('access.deactivate_confirm', { name }) : t('access.activate_confirm', { name })}
      confirmLabel={off ? t('access.deactivate') : t('access.activate')}
      danger={off}
      onClose={onClose}
      onConfirm={async () => {
        if (!change) return;
        const answer = await putAccess(change.cve_empleado, change.next);
        showDone(off ? t('access.deactivated') : t('access.activated'), answer?.resp);
        onDone(change.cve_empleado);
      }}
    />
  );
}
