import { SimpleGrid, Skeleton } from '@mantine/core';
import { IconAlarm, IconCalendarWeek, IconCash, IconTrophy, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import { useDashboardCards, type Viewer } from '../api/dashboard-stats';
import { FigureCard } from './figure-card';

/**
 * The admin-style summary cards (spec §2): courses this week, accreditations about to expire,
 * in-person courses this month and this year's course costs in MXN, within the caller's scope
 * (the server scopes a Supervisor's to their team). A failure is silent (spec §8): no figure.
 */
export function SummaryCards({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation('dashboard');
  const { formatNumber } = useFormat();
  const cards = useDashboardCards(viewer);
  const data = cards.data;
  if (!data && cards.error === undefined) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" aria-busy>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={78} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  const figure = (n: number | undefined) => (n === undefined ? '—' : formatNumber(n));
  const money = data ? formatNumber(data.total_costos_cursos, { style: 'currency', currency: 'MXN' }) : '—';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <FigureCard
        testId="card-week"
        icon={<IconCalendarWeek size={24} aria-hidden />}
        color="blue"
        label={t('summary.week')}
        value={figure(data?.total_cursos_programados_esta_semana)}
      />
      <FigureCard
        testId="card-expiring"
        icon={<IconAlarm size={24} aria-hidden />}
        color="orange"
        label={t('summary.expiring')}
        value={figure(data?.total_cursos_proximos_vencer)}
      />
      <FigureCard
        testId="card-in-person"
        icon={<IconUsersGroup size={24} aria-hidden />}
        color="teal"
        label={t('summary.in_person')}
        value={figure(data?.total_cursos_impartidos_mes)}
      />
      <FigureCard testId="card-costs" icon={<IconCash size={24} aria-hidden />} color="grape" label={t('summary.costs')} value={money} />
    </SimpleGrid>
  );
}

/**
 * One's place in this year's ranking (dashboard/cards `mi_ranking`), a card of the plan row:
 * a skeleton while it loads, '—' without accreditations (0) or when the cards could not be
 * read (spec §8: empty).
 */
export function MyRankingCard({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation('dashboard');
  const { formatNumber } = useFormat();
  const cards = useDashboardCards(viewer);
  const place = cards.data?.mi_ranking;
  const value = !cards.data && cards.error === undefined ? null : place ? t('my_ranking.place', { n: formatNumber(place) }) : '—';
  return <FigureCard testId="card-my-ranking" icon={<IconTrophy size={24} aria-hidden />} color="yellow" label={t('my_ranking.label')} value={value} />;
}
