import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureMessage } from '@/components/forms';

export interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  message: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** "¿Eliminar …?" with the server's message when the delete fails. */
export function ConfirmDeleteModal({ opened, title, message, onConfirm, onClose }: ConfirmDeleteModalProps) {
  const { t } = useTranslation(['topics', 'common']);
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
    <Modal opened={opened} onClose={close} title={title} size="sm">
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <FailureAlert message={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {t('topics:delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
