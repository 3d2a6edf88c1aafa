import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import type { Programacion } from '../api/types';

/** One line about a schedule: 'Cada lunes · Excel · 3 destinatarios · próximo envío 01/12/2026'. */
export function useScheduleSummary() {
  const { t } = useTranslation('report-builder');
  const { formatDate } = useFormat();
  return (p: Programacion) =>
    t('schedule.summary', {
      when: p.frecuencia === 'semanal' ? t('schedule.every_weekday', { day: t(`weekdays.${p.dia}`) }) : t('schedule.every_month_day', { day: p.dia }),
      format: t(`export.formats.${p.formato}`),
      recipients: t('schedule.recipients_n', { count: p.destinatarios.length }),
      date: formatDate(p.proximo_envio, 'P') || p.proximo_envio,
    });
}
