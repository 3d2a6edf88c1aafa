import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface FigureCardProps {
  icon: ReactNode;
  color: string;
  label: string;
  /** The figure; `null` while it loads (a skeleton in its place). */
  value: string | null;
  /** Where the card leads, when it is a link. */
  to?: string;
  testId?: string;
}

/** A dashboard card: an icon, what is counted and its figure; a link when it leads somewhere. */
export function FigureCard({ to, icon, color, label, value, testId }: FigureCardProps) {
  const body = (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={44} radius="md" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="sm">{label}</Text>
        {value === null ? (
          // The height of the figure's line, so the card keeps its size when it arrives.
          <Skeleton height={33} width={64} radius="sm" data-testid={testId ? `${testId}-loading` : undefined} />
        ) : (
          <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }} data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </Text>
        )}
      </div>
    </Group>
  );
  return to ? (
    <Paper component={Link} to={to} withBorder radius="lg" p="md" shadow="xs" style={{ textDecoration: 'none', color: 'inherit' }} data-testid={testId}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder radius="lg" p="md" shadow="xs" data-testid={testId}>
      {body}
    </Paper>
  );
}
