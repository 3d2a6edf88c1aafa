import { SimpleGrid } from '@mantine/core';
import { IconChartDonut, IconCircleCheck, IconClockHour4, IconStack2 } from '@tabler/icons-react';
import { Children, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlanSummary } from '@/lib/api/shared/plan-summary';
import { useFormat } from '@/lib/i18n/use-format';
import { FigureCard as PlanCard } from './figure-card';

const PLAN_PATH = '/menu/consultar_plan_capacitacion';

/**
 * The participant's plan cards (spec §2): compliance, pending and finished, each leading to
 * the plan; `children` are further cards of the same row (the ranking).
 */
export function PlanCards({ cveEmpleado, withBlocks, children }: { cveEmpleado: number; withBlocks: boolean; children?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const { formatNumber } = useFormat();
  const summary = usePlanSummary(cveEmpleado);
  const data = summary.data;
  // A skeleton while it loads; without an answer (failure) the cards still lead to the plan, with no figure.
  const waiting = !data && summary.error === undefined ? null : '—';
  const figure = (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatNumber(n));
  const percent = data ? (data.cumplimiento === null ? '—' : `${formatNumber(data.cumplimiento, { maximumFractionDigits: 1 })} %`) : waiting;
  const cards = 3 + (withBlocks ? 1 : 0) + Children.toArray(children).length;
  return (
    <section aria-label={t('dashboard:plan.title')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(cards, 4), xl: cards }} spacing="md">
        <PlanCard
          to={`${PLAN_PATH}?location=pendientes`}
          icon={<IconChartDonut size={24} aria-hidden />}
          color="blue"
          label={t('dashboard:plan.compliance')}
          value={percent}
        />
        <PlanCard
          to={`${PLAN_PATH}?location=pendientes`}
          icon={<IconClockHour4 size={24} aria-hidden />}
          color="orange"
          label={t('dashboard:plan.pending')}
          value={data ? figure(data.cursos_pendientes) : waiting}
        />
        <PlanCard
          to={`${PLAN_PATH}?location=completados`}
          icon={<IconCircleCheck size={24} aria-hidden />}
          color="teal"
          label={t('dashboard:plan.finished')}
          value={data ? figure(data.cursos_terminados) : waiting}
        />
        {withBlocks && (
          <PlanCard
            to={`${PLAN_PATH}?bloques=1`}
            icon={<IconStack2 size={24} aria-hidden />}
            color="grape"
            label={t('dashboard:plan.blocks')}
            value={data ? figure(data.bloques) : waiting}
          />
        )}
        {children}
      </SimpleGrid>
    </section>
  );
}
