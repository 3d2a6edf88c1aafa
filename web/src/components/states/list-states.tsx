import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/client';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-busy>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={64} radius="md" />
      ))}
    </Stack>
  );
}

/** A list that could not load: what the server said, and a retry. */
export function ListError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Text size="sm">{errorMessage(error)}</Text>
      <Button size="xs" mt="sm" variant="white" color="red" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}
