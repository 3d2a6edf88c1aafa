import { Group, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import type { PlannedTopic } from '../../api/plan-pending';
import { CourseActions } from './course-actions';
import type { PlanCourseTopic } from './course-buttons';
import { MandatoryBadge, StateBadge } from './plan-badges';
import { TopicRating } from './topic-rating';
import { neverExpires } from './validity';

/** Height of a topic's picture: fixed, so that the card does not move when it arrives. */
const IMAGE_HEIGHT = 112;

/**
 * One topic of the plan: name, badges, dates and hours; on the employee's own plan also the
 * course buttons of spec §5. `withImage` adds the topic's picture on top (the dashboard's
 * pending training, spec §2), a neutral tile when it has none.
 */
export function TopicCard({ topic, own = false, withImage = false }: { topic: PlannedTopic; own?: boolean; withImage?: boolean }) {
  const { t } = useTranslation('plans');
  const { formatDate } = useFormat();
  const date = (value: string | null) => formatDate(value, 'P') || value || '';
  const validity = topic.vigencia ? (neverExpires(topic.vigencia) ? t('plans:topic.no_expiry') : date(topic.vigencia)) : null;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={topic.nombre}>
      <Stack gap={6}>
        {withImage && <TopicImage src={topic.link_img} />}
        {/* The row wraps: on a narrow card the state badge moves under the title instead of being cut ("ACRE…"). */}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ flex: '1 1 10rem', minWidth: 0 }}>
            {topic.abreviatura && (
              <Text size="xs" c="dimmed" fw={600}>
                {topic.abreviatura}
              </Text>
            )}
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {topic.nombre}
            </Text>
          </Stack>
          <StateBadge estado={topic.estado} />
        </Group>
        <Group gap={6} wrap="wrap">
          <MandatoryBadge obligatoria={topic.obligatoria} />
          {topic.prerrequisito === '1' && (
            <Text size="xs" c="orange.9">
              {t('plans:topic.prerequisite')}
            </Text>
          )}
        </Group>
        {/* Wrapped facts (e.g. 'Calificación' under the dates) sit 2 px apart, not a 16 px gap. */}
        <Group gap="md" wrap="wrap" style={{ rowGap: 2 }}>
          {topic.horas != null && topic.horas > 0 && <Text size="xs">{t('plans:topic.hours', { hours: topic.horas })}</Text>}
          {topic.fecha_limite && <Text size="xs">{t('plans:topic.deadline', { date: date(topic.fecha_limite) })}</Text>}
          {topic.fecha_acreditacion && <Text size="xs">{t('plans:topic.accredited_on', { date: date(topic.fecha_acreditacion) })}</Text>}
          {validity && <Text size="xs">{t('plans:topic.valid_until', { date: validity })}</Text>}
          {topic.calificacion != null && <Text size="xs">{t('plans:topic.grade', { grade: topic.calificacion })}</Text>}
          {topic.fecha_curso && <Text size="xs">{t('plans:course.date', { date: date(topic.fecha_curso) })}</Text>}
        </Group>
        {own && <CourseActions topic={topic as PlanCourseTopic} />}
        {own && <TopicRating topic={topic} />}
      </Stack>
    </Paper>
  );
}

/** The topic's picture, decorative (the name is beside it); the tile without one or when it fails. */
function TopicImage({ src }: { src: string | null | undefined }) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return <Image src={src} alt="" h={IMAGE_HEIGHT} radius="sm" fit="cover" loading="lazy" onError={() => setBroken(true)} />;
  }
  return (
    <ThemeIcon variant="light" color="gray" radius="sm" w="100%" h={IMAGE_HEIGHT} aria-hidden>
      <IconBook size={36} stroke={1.5} />
    </ThemeIcon>
  );
}
