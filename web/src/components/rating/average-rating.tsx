import { Group, Rating, Text } from '@mantine/core';
import '@mantine/core/styles/Rating.css';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';

/** A topic's or block's average rating out of 5 (read-only stars) and how many rated it. */
export function AverageRating({ rating, votos, size = 'sm' }: { rating: number | null | undefined; votos: number | null | undefined; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('common');
  const { formatNumber } = useFormat();
  const count = votos ?? 0;
  if (rating === null || rating === undefined || count === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('rating.none')}
      </Text>
    );
  }
  const label = t('rating.average', { rating: formatNumber(rating, { maximumFractionDigits: 1 }), count });
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label={label}>
      <Rating value={rating} fractions={10} readOnly size={size} aria-hidden />
      <Text size="xs" aria-hidden>
        {formatNumber(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ({formatNumber(count)})
      </Text>
    </Group>
  );
}
