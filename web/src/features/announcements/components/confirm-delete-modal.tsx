import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/components/forms';

export interface ConfirmDeleteModalProps {
  /** The dialog's title ('Eliminar anuncio'). */
  title: string;
  /** What the deletion does, named ('Se eliminará el anuncio «…»'); null keeps the dialog closed. */
  message: string | null;
  /** The failure toast's title. */
  failureTitle: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before deleting; a refusal leaves it open and says why in a toast. */
export function ConfirmDeleteModal({ title, message, failureTitle, onConfirm, onClose }: ConfirmDeleteModalProps) {
  const { t } = useTranslation(['announcements', 'common']);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      const reason = failureMessage(error);
      if (reason !== null) notifications.show({ color: 'red', title: failureTitle, message: reason });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={message !== null} onClose={onClose} title={title} size="sm">
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {message}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {t('announcements:delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
