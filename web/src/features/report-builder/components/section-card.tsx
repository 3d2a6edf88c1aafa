import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface SectionCardProps {
  title: string;
  /** A line under the title saying what the part does. */
  intro?: string;
  /** Buttons on the title's line. */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A named part of a screen: a section labelled by its heading. */
export function SectionCard({ title, intro, actions, children, testId }: SectionCardProps) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs" component="section" aria-labelledby={titleId} miw={0} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Title order={2} size="h5" id={titleId}>
              {title}
            </Title>
            {intro && (
              <Text size="sm" c="dimmed">
                {intro}
              </Text>
            )}
          </div>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
