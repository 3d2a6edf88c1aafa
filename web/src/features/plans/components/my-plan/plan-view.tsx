import { Group, Paper, RingProgress, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/RingProgress.css';
import '@mantine/core/styles/Tabs.css';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChecklist, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useSession } from '@/lib/auth/session';
import { useCia } from '@/lib/company/get-cia';
import { isOn } from '@/lib/flags';
import { useFormat } from '@/lib/i18n/use-format';
import { usePlanSummary } from '@/lib/api/shared/plan-summary';
import { usePlannedTopics, type PlanLocation } from '../../api/plan-pending';
import { BlocksPanel } from './blocks-panel';
import { HistoryPanel } from './history-panel';
import { TopicCard } from './topic-card';
import { PLAN_TABS, planTabFrom, paramsForTab, type PlanTab } from './plan-tabs';

/** The published limit of `buscar` (PLAN_BUSCAR_MAX). */
const SEARCH_MAX = 100;

/**
 * An employee's training plan: compliance, pending and completed topics, blocks and history.
 * The tab lives in the address (`?location=pendientes|completados`, `?bloques=1`, `?bloque=id`,
 * `?historial=1`), so the dashboard's cards and notifications can link to it.
 */
export function PlanView({ cveEmpleado }: { cveEmpleado: number }) {
  const { t } = useTranslation(['plans', 'common']);
  const [params, setParams] = useSearchParams();
  const { data: cia } = useCia();
  const withBlocks = isOn(cia?.enable_bloques_cursos);
  const tab = planTabFrom(params, withBlocks);
  const [search, setSearch] = useState('');
  const [buscar] = useDebouncedValue(search.trim(), 300);
  const summary = usePlanSummary(cveEmpleado);
  const openBlock = Number(params.get('bloque')) || null;

  const changeTab = (next: PlanTab) =>
    setParams(
      (prev) => {
        // Other parameters (the analyst's ?cve_empleado=) stay.
        const p = new URLSearchParams(prev);
        for (const k of ['location', 'bloques', 'bloque', 'historial']) p.delete(k);
        for (const [k, v] of paramsForTab(next)) p.set(k, v);
        return p;
      },
      { replace: true },
    );
  const setOpenBlock = (id: number | null) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (id) {
        p.set('bloque', String(id));
        p.set('bloques', '1');
      } else p.delete('bloque');
      return p;
    });

  const tabs = PLAN_TABS.filter((x) => x !== 'bloques' || withBlocks);
  return (
    <Stack gap="md">
      <ComplianceHeader
        cumplimiento={summary.data?.cumplimiento ?? null}
        pendientes={summary.data?.cursos_pendientes}
        terminados={summary.data?.cursos_terminados}
        proximos={summary.data?.proximos_vencer}
        loading={!summary.data && summary.error === undefined}
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Stack gap="md">
          {tab !== 'historial' && (
            <TextInput
              label={t('plans:search')}
              placeholder={t('plans:search_hint')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              maxLength={SEARCH_MAX}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: '100%', sm: 360 }}
            />
          )}
          <Tabs value={tab} onChange={(v) => v && changeTab(v as PlanTab)} keepMounted={false}>
            <Tabs.List>
              {tabs.map((x) => (
                <Tabs.Tab key={x} value={x}>
                  {t(`plans:tabs.${x}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="pendientes" pt="md">
              <TopicList cveEmpleado={cveEmpleado} location="pendientes" buscar={buscar} />
            </Tabs.Panel>
            <Tabs.Panel value="completados" pt="md">
              <TopicList cveEmpleado={cveEmpleado} location="completados" buscar={buscar} />
            </Tabs.Panel>
            {withBlocks && (
              <Tabs.Panel value="bloques" pt="md">
                <BlocksPanel cveEmpleado={cveEmpleado} buscar={buscar} openBlock={openBlock} onOpenBlock={setOpenBlock} />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="historial" pt="md">
              <HistoryPanel cveEmpleado={cveEmpleado} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Paper>
    </Stack>
  );
}

function TopicList({ cveEmpleado, location, buscar }: { cveEmpleado: number; location: PlanLocation; buscar: string }) {
  const { t } = useTranslation('plans');
  const list = usePlannedTopics(cveEmpleado, location, buscar);
  const { user } = useSession();
  const own = user?.cve_empleado === cveEmpleado;
  if (list.error !== undefined && !list.data) {
    return <ListError title={t('plans:load_error')} error={list.error} onRetry={() => void list.mutate()} />;
  }
  if (!list.data) return <ListSkeleton rows={3} />;
  if (list.data.temas.length === 0) {
    return (
      <EmptyState
        icon={<IconChecklist size={26} aria-hidden />}
        title={buscar ? t('plans:no_results') : t(`plans:empty.${location}`)}
      />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-busy={list.isValidating}>
      {list.data.temas.map((topic) => (
        <TopicCard key={topic.cve_tema} topic={topic} own={own} />
      ))}
    </SimpleGrid>
  );
}

interface HeaderProps {
  cumplimiento: number | null;
  pendientes?: number;
  terminados?: number;
  proximos?: number;
  loading: boolean;
}

function ComplianceHeader({ cumplimiento, pendientes, terminados, proximos, loading }: HeaderProps) {
  const { t } = useTranslation('plans');
  const { formatNumber } = useFormat();
  const value = cumplimiento ?? 0;
  const label = cumplimiento === null ? t('plans:compliance_none') : `${formatNumber(value, { maximumFractionDigits: 1 })} %`;
  const figure = (n: number | undefined) => (loading || n === undefined ? '…' : formatNumber(n));
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Group gap="lg" wrap="wrap">
        <RingProgress
          size={96}
          thickness={10}
          roundCaps
          sections={[{ value, color: value >= 80 ? 'teal' : value >= 50 ? 'yellow' : 'red' }]}
          label={
            <Text ta="center" fw={700} size="sm">
              {loading ? '…' : label}
            </Text>
          }
          aria-label={t('plans:compliance_of', { value: label })}
        />
        <Stack gap={4}>
          <Text fw={600}>{t('plans:compliance')}</Text>
          <Text size="sm">{t('plans:counts.pending', { value: figure(pendientes) })}</Text>
          <Text size="sm">{t('plans:counts.completed', { value: figure(terminados) })}</Text>
          {(proximos ?? 0) > 0 && (
            <Text size="sm" c="orange.9">
              {t('plans:counts.expiring', { count: proximos })}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
