import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureMessage } from '@/components/forms';
import { deleteApiKey } from '../api/revoke-api-key';

interface RevokeDialogProps {
  /** The key to revoke; null closes the dialog. */
  target: { id: number; nombre: string } | null;
  onClose: () => void;
  onRevoked: () => void;
}

/** Asks before revoking a key, since a revoked key cannot come back. */
export function RevokeDialog({ target, onClose, onRevoked }: RevokeDialogProps) {
  const { t } = useTranslation(['api-keys', 'common']);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const revoke = async () => {
    if (!target) return;
    setBusy(true);
    setFailure(null);
    try {
      await deleteApiKey(target.id);
      onRevoked();
      onClose();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={target !== null} onClose={close} title={t('api-keys:revoke.title')}>
      {target && (
        <Stack gap="md">
          <FailureAlert message={failure} />
          <Text fw={600}>{t('api-keys:revoke.question', { name: target.nombre })}</Text>
          <Text size="sm">{t('api-keys:revoke.consequence')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t('common:actions.cancel')}
            </Button>
            <Button color="red" onClick={() => void revoke()} loading={busy}>
              {t('api-keys:revoke.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
