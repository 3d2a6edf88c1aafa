import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CreatedApiKey } from '../api/create-api-key';

interface TokenDialogProps {
  /** The key just created; null closes the dialog. */
  created: CreatedApiKey | null;
  onClose: () => void;
}

/**
 * The one time a key's token is shown. The screen drops `created` when this closes, so the
 * token leaves memory with it; the list only ever carries the key's first characters.
 */
export function TokenDialog({ created, onClose }: TokenDialogProps) {
  const { t } = useTranslation('api-keys');
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={t('token.title')}
      size="lg"
      // A stray click outside must not lose a token that cannot be shown again.
      closeOnClickOutside={false}
    >
      {created && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('token.warning_title')}>
            <Text size="sm">{t('token.warning')}</Text>
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('token.label', { name: created.nombre })}
            </Text>
            <Code block data-testid="api-key-token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {created.token}
            </Code>
          </Stack>
          <Text size="sm">{t('token.profiles', { profiles: created.perfiles.join(', ') })}</Text>
          <Group justify="flex-end">
            <CopyButton value={created.token} timeout={3000}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  onClick={copy}
                  // Focus starts on copying, so a reflexive Enter does not close away the only view of the token.
                  data-autofocus
                >
                  {copied ? t('token.copied') : t('token.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>
              {t('token.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
