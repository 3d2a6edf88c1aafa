import { Badge, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';
import { STATE_COLORS, type Estado } from './rules';

/**
 * A record's state; a rejected one shows its reason as text under the badge (a tooltip would
 * not reach a phone or a screen reader).
 */
export function StateBadge({ estado, motivo }: { estado: Estado; motivo?: string | null }) {
  const { t } = useTranslation('external-certifications');
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={STATE_COLORS[estado] ?? 'gray'} variant="light">
        {t(`external-certifications:states.${estado}`, { defaultValue: estado })}
      </Badge>
      {estado === 'Rechazado' && motivo && (
        // The table keeps its cells on one line: a reason wraps within its own width.
        <Text size="xs" c="red.9" w={260} maw="100%" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          {t('external-certifications:rejected_reason', { motivo })}
        </Text>
      )}
    </Stack>
  );
}
