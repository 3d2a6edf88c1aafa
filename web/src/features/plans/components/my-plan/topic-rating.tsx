import { Group, Rating, Text } from '@mantine/core';
import '@mantine/core/styles/Rating.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { isSessionEnd } from '@/components/forms';
import { ApiError } from '@/lib/api/errors';
import { postTopicRating } from '../../api/topic-rating';
import { isValidRating, showsRating, type SurveyTopic } from './survey-rules';

/**
 * 'Califica este tema' on an accredited topic of the employee's own plan: 0.5 to 5 stars in
 * half steps (spec §9), saved at once; re-rating replaces the employee's value.
 */
export function TopicRating({ topic }: { topic: SurveyTopic }) {
  const { t } = useTranslation('plans');
  const { mutate } = useSWRConfig();
  const [value, setValue] = useState<number>(topic.mi_rating ?? 0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  if (!showsRating(topic)) return null;
  const labelId = `topic-rating-${topic.cve_tema}`;

  const save = async (next: number) => {
    if (!isValidRating(next) || busy) return;
    const before = value;
    setValue(next);
    setBusy(true);
    setFailure(null);
    setSaved(false);
    try {
      await postTopicRating(topic.cve_tema, next);
      setSaved(true);
      void mutate((key) => Array.isArray(key) && key[0] === 'plans.planeada');
    } catch (error) {
      setValue(before);
      if (isSessionEnd(error)) return;
      // The server's reason for a refused rating (not accredited, out of range), else the spec's text.
      const refused = error instanceof ApiError && (error.status === 409 || error.status === 422) && error.resp;
      setFailure(refused || t('plans:rating.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text size="xs" id={labelId}>
        {value > 0 ? t('plans:rating.yours') : t('plans:rating.rate')}
      </Text>
      <Rating
        value={value}
        fractions={2}
        onChange={(next) => void save(next)}
        size="sm"
        aria-labelledby={labelId}
        getSymbolLabel={(index) => t('plans:rating.stars', { value: index })}
      />
      <Text size="xs" aria-live="polite" c={failure ? 'red.8' : undefined} role={failure ? 'alert' : undefined}>
        {failure ?? (saved ? t('plans:rating.saved') : '')}
      </Text>
    </Group>
  );
}
