import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Friendly "nothing here" block for tables and lists. */
export function EmptyState({ title, description, icon }: { title: string; description?: string; icon?: ReactNode }) {
  return (
    <Stack align="center" gap={6} py="xl" role="status">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        {icon ?? <IconDatabaseOff size={26} aria-hidden />}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {description && (
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {description}
        </Text>
      )}
    </Stack>
  );
}
