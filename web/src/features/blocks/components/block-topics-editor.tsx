import { ActionIcon, Badge, Button, Group, Select, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tooltip.css';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { EmptyState } from '@/components/states/empty-state';
import { blockTopicName, type BlockDetail } from '../api/get-block';
import { useTopicOptions } from '@/lib/api/shared/topic-options';
import { putBlockTopics } from '../api/update-block-topics';
import classes from './block-topics.module.css';
import { moveItem } from './topic-order';

interface Entry {
  cve_tema: number;
  name: string;
  modalidad: string | null;
}

type FocusTarget = { cve: number; control: 'up' | 'down' | 'remove' } | null;

function initialEntries(block: BlockDetail): Entry[] {
  return [...(block.temas ?? [])]
    .sort((a, b) => (a.orden ?? 0) - (b.orden ?? 0))
    .map((topic) => ({ cve_tema: topic.cve_tema, name: blockTopicName(topic), modalidad: topic.modalidad ?? null }));
}

/** The block's topics in order: add, move up / down (buttons, keyboard friendly), remove, save. */
export function BlockTopicsEditor({ block, onSaved }: { block: BlockDetail; onSaved: () => void }) {
  const { t } = useTranslation(['blocks', 'common']);
  const stored = useMemo(() => initialEntries(block), [block]);
  const [entries, setEntries] = useState<Entry[]>(stored);
  const [picker, setPicker] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  const controls = useRef(new Map<string, HTMLButtonElement>());
  const topics = useTopicOptions();

  const dirty = entries.length !== stored.length || entries.some((e, i) => e.cve_tema !== stored[i]?.cve_tema);
  const present = new Set(entries.map((e) => e.cve_tema));
  const options = (topics.data ?? [])
    .filter((o) => !present.has(o.cve_tema))
    .map((o) => ({ value: String(o.cve_tema), label: o.abreviatura ? `${o.abreviatura} · ${o.nombre_tema}` : o.nombre_tema }));

  // After a move the same button of the moved topic keeps the focus (or its twin at an end).
  useEffect(() => {
    if (!focusTarget) return;
    const { cve, control } = focusTarget;
    const own = controls.current.get(`${cve}-${control}`);
    const fallback = controls.current.get(`${cve}-${control === 'up' ? 'down' : 'up'}`);
    (own && !own.disabled ? own : fallback)?.focus();
  }, [focusTarget, entries]);

  const register = (cve: number, control: 'up' | 'down' | 'remove') => (el: HTMLButtonElement | null) => {
    const key = `${cve}-${control}`;
    if (el) controls.current.set(key, el);
    else controls.current.delete(key);
  };

  const move = (index: number, step: -1 | 1) => {
    const entry = entries[index];
    if (!entry) return;
    const next = moveItem(entries, index, step);
    setEntries(next);
    setFocusTarget({ cve: entry.cve_tema, control: step === -1 ? 'up' : 'down' });
    setAnnouncement(t('blocks:topics.moved', { name: entry.name, position: index + step + 1, total: next.length }));
  };

  const remove = (index: number) => {
    const entry = entries[index];
    if (!entry) return;
    const next = entries.filter((_, i) => i !== index);
    setEntries(next);
    const neighbour = next[index] ?? next[index - 1];
    setFocusTarget(neighbour ? { cve: neighbour.cve_tema, control: 'remove' } : null);
    setAnnouncement(t('blocks:topics.removed', { name: entry.name }));
  };

  const add = (value: string | null) => {
    const option = (topics.data ?? []).find((o) => String(o.cve_tema) === value);
    setPicker(null);
    if (!option) return;
    setEntries((list) => [...list, { cve_tema: option.cve_tema, name: option.nombre_tema, modalidad: option.modalidad }]);
    setAnnouncement(t('blocks:topics.added', { name: option.nombre_tema, position: entries.length + 1 }));
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const answer = await putBlockTopics(block.id_bloque, entries.map((e) => e.cve_tema));
      showSaved(answer?.resp);
      onSaved();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Select
        label={t('blocks:topics.add')}
        placeholder={topics.isLoading ? t('common:loading') : t('blocks:topics.pick')}
        data={options}
        value={picker}
        onChange={add}
        searchable
        clearable
        nothingFoundMessage={t('blocks:form.no_results')}
        error={topics.error ? failureMessage(topics.error) : undefined}
        description={t('blocks:topics.add_hint')}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {entries.length === 0 ? (
        <EmptyState title={t('blocks:topics.empty')} description={t('blocks:topics.empty_hint')} />
      ) : (
        <ol className={classes.list} aria-label={t('blocks:topics.list', { name: block.nombre_bloque })}>
          {entries.map((entry, index) => (
            <li key={entry.cve_tema} className={classes.item}>
              <span className={classes.position} aria-hidden>
                {index + 1}
              </span>
              <Stack gap={2} className={classes.name}>
                <Text size="sm" fw={500}>
                  {entry.name}
                </Text>
                {entry.modalidad && (
                  <Group gap={4}>
                    <Badge size="xs" variant="light" color="gray">
                      {t(`blocks:topic_modalities.${entry.modalidad}`, { defaultValue: entry.modalidad })}
                    </Badge>
                  </Group>
                )}
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('blocks:topics.up')} withinPortal>
                  <ActionIcon
                    ref={register(entry.cve_tema, 'up')}
                    variant="default"
                    aria-label={t('blocks:topics.up_named', { name: entry.name })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('blocks:topics.down')} withinPortal>
                  <ActionIcon
                    ref={register(entry.cve_tema, 'down')}
                    variant="default"
                    aria-label={t('blocks:topics.down_named', { name: entry.name })}
                    disabled={index === entries.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('blocks:topics.remove')} withinPortal>
                  <ActionIcon
                    ref={register(entry.cve_tema, 'remove')}
                    variant="subtle"
                    color="red"
                    aria-label={t('blocks:topics.remove_named', { name: entry.name })}
                    onClick={() => remove(index)}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </li>
          ))}
        </ol>
      )}
      <FailureAlert message={failure} />
      <Group justify="flex-end" gap="sm">
        {dirty && (
          <Text size="sm" c="orange">
            {t('blocks:topics.unsaved')}
          </Text>
        )}
        <Button
          variant="default"
          disabled={!dirty || saving}
          onClick={() => {
            setEntries(stored);
            setFailure(null);
          }}
        >
          {t('blocks:topics.discard')}
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={!dirty}>
          {t('blocks:topics.save')}
        </Button>
      </Group>
    </Stack>
  );
}
