import { ActionIcon, Box, Group, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlignLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/badges';

export interface AnnouncementRowProps {
  title: string;
  /** The image's address; none for a text slide. */
  image: string | null;
  active: boolean;
  /** Badges next to the title (the slide's kind). */
  badges?: ReactNode;
  /** The lines under the title (profiles, dates, order). */
  details: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
  testId?: string;
}

/** The thumbnail's size: a 16:9 frame (slides are 16:9, news banners 3:1 and fit in it). */
const THUMB = { w: 112, h: 63 } as const;

/**
 * One announcement of a configuration list: thumbnail, title, details, active badge and its
 * edit and delete buttons (named after the title), wrapping under each other on a phone.
 */
export function AnnouncementRow({ title, image, active, badges, details, onEdit, onDelete, testId }: AnnouncementRowProps) {
  const { t } = useTranslation('announcements');
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid={testId}>
      <Group gap="md" wrap="wrap" align="center">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Box w={THUMB.w} h={THUMB.h} style={{ flexShrink: 0 }}>
            {image ? (
              // The title is right next to it: the thumbnail adds nothing to read.
              <Image src={image} alt="" w={THUMB.w} h={THUMB.h} fit="cover" radius="sm" />
            ) : (
              <ThemeIcon variant="light" color="gray" w={THUMB.w} h={THUMB.h} radius="sm" aria-hidden>
                <IconAlignLeft size={24} />
              </ThemeIcon>
            )}
          </Box>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Text>
              {badges}
              <ActiveBadge value={active} />
            </Group>
            {details}
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap" ml="auto">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('edit_row', { title })} onClick={onEdit}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('delete_row', { title })} onClick={onDelete}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}
