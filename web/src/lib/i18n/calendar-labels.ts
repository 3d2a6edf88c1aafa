import type { CalendarAriaLabels } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/**
 * Names of a date picker's own controls (month/year arrows and the level switch): without
 * them they are buttons with only an icon, announced as "button".
 */
export function useCalendarAriaLabels(): CalendarAriaLabels {
  const { t } = useTranslation('common');
  return {
    previousMonth: t('calendar.previous_month'),
    nextMonth: t('calendar.next_month'),
    previousYear: t('calendar.previous_year'),
    nextYear: t('calendar.next_year'),
    previousDecade: t('calendar.previous_decade'),
    nextDecade: t('calendar.next_decade'),
    monthLevelControl: t('calendar.choose_month'),
    yearLevelControl: t('calendar.choose_year'),
  };
}
