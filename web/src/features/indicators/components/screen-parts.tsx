import { Alert, Paper } from '@mantine/core';
import { IconFilterExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import { EmptyState } from '@/components/states/empty-state';

/** What the figures are of: the period, the day validity is measured on, and the topics counted. */
export function PeriodText({ desde, hasta, hoy, mandatory }: { desde: string; hasta: string; hoy: string; mandatory: boolean }) {
  const { t } = useTranslation('indicators');
  const { formatDate } = useFormat();
  const day = (v: string) => formatDate(v, 'P') || v;
  return <>{t(mandatory ? 'filters.period_mandatory' : 'filters.period', { desde: day(desde), hasta: day(hasta), hoy: day(hoy) })}</>;
}

/** In place of the figures while the filters have a mistake the server pointed out. */
export function CheckFilters() {
  const { t } = useTranslation('indicators');
  return (
    <Alert color="yellow" variant="light" icon={<IconFilterExclamation size={18} aria-hidden />} title={t('filters.check')} data-testid="indicators-check-filters" />
  );
}

/** 'No se encontró información' for figures that came back empty. */
export function NoFigures() {
  const { t } = useTranslation('indicators');
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <EmptyState title={t('empty')} description={t('empty_hint')} />
    </Paper>
  );
}
