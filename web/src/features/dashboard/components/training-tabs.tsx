import { Paper, SimpleGrid, Skeleton, Stack, Tabs } from '@mantine/core';
import '@mantine/core/styles/Tabs.css';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The tabs of the participant's training panel, in order. */
const TRAINING_TABS = ['pending', 'blocks', 'certificates'] as const;
export type TrainingTab = (typeof TRAINING_TABS)[number];

/** Each tab's content, rendered (and so downloaded) only once its tab is chosen. */
export type TrainingPanels = Partial<Record<TrainingTab, () => ReactNode>>;

/**
 * The participant's tabbed panel below the plan cards (spec §2): "Capacitación pendiente",
 * "Capacitación por bloques" and "Mis constancias", whichever `panels` holds. Arrow keys move
 * between the tabs (Mantine's tablist). A tab's content comes from another feature and may
 * load lazily: a skeleton of its shape stands in meanwhile.
 */
export function TrainingTabs({ panels }: { panels: TrainingPanels }) {
  const { t } = useTranslation('dashboard');
  const tabs = TRAINING_TABS.filter((tab) => panels[tab]);
  const [chosen, setChosen] = useState<TrainingTab | null>(null);
  const first = tabs[0];
  if (!first) return null;
  const active = chosen && tabs.includes(chosen) ? chosen : first;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs" component="section" aria-label={t('training.title')} data-testid="training-tabs">
      <Tabs value={active} onChange={(v) => v && setChosen(v as TrainingTab)} keepMounted={false}>
        <Tabs.List aria-label={t('training.title')}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`training.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <Suspense fallback={<TrainingSkeleton tab={tab} />}>{panels[tab]?.()}</Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}

/** Placeholders of each tab's shape: topic cards, block cards, certificate cards. */
export function TrainingSkeleton({ tab }: { tab: TrainingTab }) {
  if (tab === 'blocks') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-busy="true" data-testid="training-skeleton">
        {[0, 1].map((i) => (
          <Skeleton key={i} height={120} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (tab === 'certificates') {
    return (
      <Stack gap="sm" aria-busy="true" data-testid="training-skeleton">
        <Skeleton height={20} width="60%" radius="sm" />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {[0, 1].map((i) => (
            <Skeleton key={i} height={150} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-busy="true" data-testid="training-skeleton">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={230} radius="md" />
      ))}
    </SimpleGrid>
  );
}
