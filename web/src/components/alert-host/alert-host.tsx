import { Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockExclamation, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentAlert, type AlertRequest } from '@/lib/alerts';

const TONES: Record<AlertRequest['tone'], { color: string; Icon: typeof IconAlertTriangle }> = {
  error: { color: 'red', Icon: IconAlertTriangle },
  warning: { color: 'orange', Icon: IconClockExclamation },
  info: { color: 'blue', Icon: IconInfoCircle },
  success: { color: 'teal', Icon: IconCircleCheck },
};

/** Renders the queued blocking dialogs ('¡Ups!', 'Sesión Caducada', connection problems). */
export function AlertHost() {
  const alert = useCurrentAlert();
  const { t } = useTranslation('common');
  if (!alert) return null;
  const { color, Icon } = TONES[alert.tone];
  return (
    <Modal
      opened
      onClose={alert.resolve}
      withCloseButton={false}
      closeOnClickOutside={false}
      size="sm"
      zIndex={1000}
      aria-labelledby={`alert-title-${alert.id}`}
      aria-describedby={`alert-message-${alert.id}`}
    >
      <Stack align="center" gap="sm" ta="center" role="alertdialog">
        <ThemeIcon size={56} radius="xl" variant="light" color={color}>
          <Icon size={32} aria-hidden />
        </ThemeIcon>
        <Text id={`alert-title-${alert.id}`} fw={700} size="lg">
          {alert.title}
        </Text>
        <Text id={`alert-message-${alert.id}`} c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {alert.message}
        </Text>
        {alert.details && alert.details.length > 0 && (
          <List type="ordered" size="sm" ta="left" w="100%">
            {alert.details.map((line, i) => (
              <List.Item key={i}>{line}</List.Item>
            ))}
          </List>
        )}
        <Group justify="center" mt="xs">
          <Button color={color} onClick={alert.resolve} data-autofocus>
            {alert.confirmLabel ?? t('actions.accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
