import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@/components/data-table';
import { useFormat } from '@/lib/i18n/use-format';
import type { TopicProgressRow } from '../../api/report-tables';
import { neverExpires } from '../my-plan/validity';

/** Date and percent cells shared by the reports. */
export function useCells() {
  const { t } = useTranslation('plans');
  const { formatDate, formatNumber } = useFormat();
  return useMemo(
    () => ({
      date: (v: string | null | undefined) => (v ? formatDate(v, 'P') || v : '—'),
      validity: (v: string | null | undefined) => (!v ? '—' : neverExpires(v) ? t('plans:topic.no_expiry') : formatDate(v, 'P') || v),
      percent: (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${formatNumber(v, { maximumFractionDigits: 1 })} %`),
      topic: (abreviatura: string | null, nombre: string) => (abreviatura ? `${abreviatura} · ${nombre}` : nombre),
      origin: (v: string) => t(`plans:origins.${v}`, { defaultValue: v }),
      state: (v: string | null | undefined) => t(`plans:states.${v ?? 'Pendiente'}`, { defaultValue: v ?? '' }),
    }),
    [t, formatDate, formatNumber],
  );
}

/** The counts columns of a per-topic progress table. */
export function useTopicCountColumns(): DataTableColumn<TopicProgressRow>[] {
  const { t } = useTranslation('plans');
  const c = useCells();
  return useMemo(
    () => [
      { field: 'nombre_tema', header: t('plans:fields.tema'), cell: (r) => c.topic(r.abreviatura, r.nombre_tema), printValue: (r) => c.topic(r.abreviatura, r.nombre_tema) },
      { field: 'porcentaje', header: t('plans:reports.fields.porcentaje'), align: 'right', cell: (r) => c.percent(r.porcentaje), printValue: (r) => c.percent(r.porcentaje) },
      { field: 'requeridos', header: t('plans:reports.fields.requeridos'), align: 'right' },
      { field: 'acreditados', header: t('plans:reports.fields.acreditados'), align: 'right' },
      { field: 'vencidos', header: t('plans:reports.fields.vencidos'), align: 'right' },
      { field: 'no_acreditados', header: t('plans:reports.fields.no_acreditados'), align: 'right' },
      { field: 'pendientes', header: t('plans:reports.fields.pendientes'), align: 'right' },
    ],
    [t, c],
  );
}
