import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/client';

/** Skeleton rows while a list loads. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="xs" role="status" aria-label={t('loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

/** "Problemas para consultar la información de {name}" with the server's message and a retry. */
export function LoadError({ name, error, onRetry }: { name: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <Alert color="red" variant="light" role="alert" title={t('errors:tabla.consulta', { tabla: name })}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
