import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureMessage } from '@/components/forms';

export interface ConfirmDeleteModalProps {
  /** What is deleted; null keeps the modal closed. */
  name: string | null;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** "¿Eliminar la encuesta …?" with the server's message when it refuses (409 once answered). */
export function ConfirmDeleteModal({ name, onConfirm, onClose }: ConfirmDeleteModalProps) {
  const { t } = useTranslation(['surveys', 'common']);
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
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={name !== null} onClose={close} title={t('surveys:delete.title')} size="sm">
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('surveys:delete.message', { name: name ?? '' })}
        </Text>
        <FailureAlert message={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {t('surveys:delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
