import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateIn } from '@/lib/i18n/use-format';
import { NO_EXPIRY } from './rules';

/** Dates of the screen in the user's language; the no-expiry date reads 'Sin vencimiento'. */
export function useDates() {
  const { t, i18n } = useTranslation('external-certifications');
  const language = i18n.resolvedLanguage ?? i18n.language;
  // Stable while the language is: the table's columns depend on them.
  return useMemo(() => {
    const date = (value: string | null | undefined) => (value ? formatDateIn(language, value, 'P') || value : '—');
    const validity = (value: string | null | undefined) =>
      value && value.startsWith(NO_EXPIRY) ? t('external-certifications:no_expiry') : date(value);
    return { date, validity };
  }, [language, t]);
}
