import { ActionIcon, Badge, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tooltip.css';
import { IconArrowLeft, IconArrowRight, IconBuildingFactory2, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError } from '@/components/states/list-states';
import { usePlantTopics, type PlantTopic } from '../api/get-plant-topics';
import { useAllPlantOptions } from '@/lib/api/shared/plant-options';
import { topicLabel, useTopicOptions } from '@/lib/api/shared/topic-options';
import { putPlantTopics } from '../api/update-plant-topics';
import classes from './plant-topics.module.css';

type Side = 'available' | 'assigned';

interface Item {
  cve_tema: number;
  label: string;
}

function matches(item: Item, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  return q === '' || item.label.toLocaleLowerCase().includes(q);
}

/** /menu/plantas_temas: pick a plant, move topics between "available" and "assigned", save. */
export function PlantTopicsScreen() {
  const { t } = useTranslation(['topics', 'common']);
  const plants = useAllPlantOptions();
  const [plant, setPlant] = useState<string | null>(null);
  const cve = plant ? Number(plant) : null;
  const assigned = usePlantTopics(cve);
  const topics = useTopicOptions();

  useScreenChrome({
    onUpdate: () => {
      void plants.mutate();
      void topics.mutate();
      if (cve) void assigned.mutate();
    },
  });

  const plantOptions = (plants.data ?? []).map((p) => ({ value: String(p.value), label: p.label }));

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="md">
        <Select
          label={t('topics:plant.plant')}
          placeholder={plants.isLoading ? t('common:loading') : t('topics:plant.pick_plant')}
          data={plantOptions}
          value={plant}
          onChange={setPlant}
          searchable
          nothingFoundMessage={t('topics:form.no_results')}
          maw={480}
          leftSection={<IconBuildingFactory2 size={16} aria-hidden />}
          error={plants.error ? failureMessage(plants.error) : undefined}
        />
        {!plant && (
          <EmptyState
            icon={<IconBuildingFactory2 size={26} aria-hidden />}
            title={t('topics:plant.none_title')}
            description={t('topics:plant.none_text')}
          />
        )}
        {plant && (assigned.isLoading || topics.isLoading) && (
          <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy>
            <Skeleton height={320} radius="md" />
            <Skeleton height={320} radius="md" />
          </SimpleGrid>
        )}
        {plant && assigned.error !== undefined && !assigned.data && (
          <ListError title={t('topics:plant.load_error')} error={assigned.error} onRetry={() => void assigned.mutate()} />
        )}
        {plant && topics.error !== undefined && !topics.data && (
          <ListError title={t('topics:plant.topics_error')} error={topics.error} onRetry={() => void topics.mutate()} />
        )}
        {cve && assigned.data && topics.data && (
          <PlantTopicsEditor
            key={cve}
            cve={cve}
            plantName={plantOptions.find((p) => p.value === plant)?.label ?? ''}
            initial={assigned.data}
            all={topics.data.map((o) => ({ cve_tema: o.cve_tema, label: topicLabel(o) }))}
            onSaved={(list) => void assigned.mutate(list, { revalidate: false })}
          />
        )}
      </Stack>
    </Paper>
  );
}

interface EditorProps {
  cve: number;
  plantName: string;
  initial: PlantTopic[];
  all: Item[];
  onSaved: (list: PlantTopic[]) => void;
}

function PlantTopicsEditor({ cve, plantName, initial, all, onSaved }: EditorProps) {
  const { t } = useTranslation(['topics', 'common']);
  const initialKeys = useMemo(() => initial.map((x) => x.cve_tema), [initial]);
  const [selected, setSelected] = useState<number[]>(initialKeys);
  const [query, setQuery] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusNext, setFocusNext] = useState<string | null>(null);

  // Every topic the lists can show: the active ones plus assigned ones no longer listed.
  const catalogue = useMemo(() => {
    const map = new Map<number, Item>(all.map((item) => [item.cve_tema, item]));
    for (const x of initial) if (!map.has(x.cve_tema)) map.set(x.cve_tema, { cve_tema: x.cve_tema, label: topicLabel(x) });
    return map;
  }, [all, initial]);

  const chosen = new Set(selected);
  const sortByLabel = (a: Item, b: Item) => a.label.localeCompare(b.label);
  const assignedItems = selected.map((k) => catalogue.get(k)).filter((x): x is Item => !!x).sort(sortByLabel);
  const availableItems = [...catalogue.values()].filter((x) => !chosen.has(x.cve_tema)).sort(sortByLabel);
  const shownAssigned = assignedItems.filter((x) => matches(x, query));
  const shownAvailable = availableItems.filter((x) => matches(x, query));
  const dirty = selected.length !== initialKeys.length || initialKeys.some((k) => !chosen.has(k));

  useEffect(() => {
    if (!focusNext) return;
    buttons.current.get(focusNext)?.focus();
  }, [focusNext, selected]);

  const move = (item: Item, from: Side) => {
    const list = from === 'available' ? shownAvailable : shownAssigned;
    const index = list.findIndex((x) => x.cve_tema === item.cve_tema);
    const neighbour = list[index + 1] ?? list[index - 1];
    // Keyboard users stay in the list they were working on.
    setFocusNext(neighbour ? `${from}-${neighbour.cve_tema}` : null);
    setSelected((s) => (from === 'available' ? [...s, item.cve_tema] : s.filter((k) => k !== item.cve_tema)));
  };

  const moveAll = (from: Side) => {
    setFocusNext(null);
    if (from === 'available') setSelected((s) => [...s, ...shownAvailable.map((x) => x.cve_tema)]);
    else {
      const drop = new Set(shownAssigned.map((x) => x.cve_tema));
      setSelected((s) => s.filter((k) => !drop.has(k)));
    }
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const temas = assignedItems.map((x) => x.cve_tema);
      const answer = await putPlantTopics(cve, temas);
      showSaved(answer?.resp);
      onSaved(
        assignedItems.map((x) => {
          const stored = initial.find((i) => i.cve_tema === x.cve_tema);
          const option = all.find((o) => o.cve_tema === x.cve_tema);
          return stored ?? { cve_tema: x.cve_tema, abreviatura: '', nombre_tema: option?.label ?? x.label };
        }),
      );
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const column = (side: Side, items: Item[], total: number) => {
    const titleKey = side === 'available' ? 'topics:plant.available' : 'topics:plant.assigned';
    const headingId = `plant-${cve}-${side}`;
    return (
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h6" id={headingId}>
            {t(titleKey)}{' '}
            <Badge variant="light" color={side === 'assigned' ? 'teal' : 'gray'} size="sm">
              {total}
            </Badge>
          </Title>
          <Button size="compact-xs" variant="subtle" disabled={items.length === 0} onClick={() => moveAll(side)}>
            {side === 'available' ? t('topics:plant.add_all') : t('topics:plant.remove_all')}
          </Button>
        </Group>
        <ul className={classes.list} aria-labelledby={headingId}>
          {items.length === 0 && (
            <li className={classes.empty}>
              <Text size="sm" c="dimmed">
                {query.trim()
                  ? t('topics:form.no_results')
                  : side === 'available'
                    ? t('topics:plant.none_available')
                    : t('topics:plant.none_assigned')}
              </Text>
            </li>
          )}
          {items.map((item) => {
            const label = side === 'available' ? t('topics:plant.add_one', { name: item.label }) : t('topics:plant.remove_one', { name: item.label });
            const key = `${side}-${item.cve_tema}`;
            return (
              <li key={item.cve_tema} className={classes.item}>
                {side === 'assigned' && (
                  <Tooltip label={label} withinPortal>
                    <ActionIcon
                      ref={(el) => {
                        if (el) buttons.current.set(key, el);
                        else buttons.current.delete(key);
                      }}
                      variant="light"
                      color="red"
                      aria-label={label}
                      onClick={() => move(item, side)}
                    >
                      <IconArrowLeft size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Text size="sm" className={classes.itemText}>
                  {item.label}
                </Text>
                {side === 'available' && (
                  <Tooltip label={label} withinPortal>
                    <ActionIcon
                      ref={(el) => {
                        if (el) buttons.current.set(key, el);
                        else buttons.current.delete(key);
                      }}
                      variant="light"
                      aria-label={label}
                      onClick={() => move(item, side)}
                    >
                      <IconArrowRight size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </li>
            );
          })}
        </ul>
      </Stack>
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('topics:plant.search')}
          placeholder={t('topics:plant.search_hint')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('topics:plant.summary', { count: assignedItems.length, plant: plantName })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {column('available', shownAvailable, availableItems.length)}
        {column('assigned', shownAssigned, assignedItems.length)}
      </SimpleGrid>
      <FailureAlert message={failure} />
      <Group justify="flex-end" gap="sm">
        {dirty && (
          <Text size="sm" c="orange" role="status">
            {t('topics:plant.unsaved')}
          </Text>
        )}
        <Button
          variant="default"
          disabled={!dirty || saving}
          onClick={() => {
            setSelected(initialKeys);
            setFailure(null);
          }}
        >
          {t('topics:plant.discard')}
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={!dirty}>
          {t('topics:plant.save')}
        </Button>
      </Group>
    </Stack>
  );
}
