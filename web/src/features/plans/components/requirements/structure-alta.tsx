import { ActionIcon, Alert, Button, Group, Paper, Pill, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/Alert.css';
import { IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSaved } from '@/components/feedback';
import { failureMessage } from '@/components/forms';
import { useScreenChrome } from '@/components/page-chrome';
import { useStructureOptions } from '@/lib/api/shared/structure-options';
import { useTopicOptions } from '@/lib/api/shared/topic-options';
import { postStructureRequirements } from '../../api/create-requirements';
import { PROGRAMS } from '../../api/programs';
import { useSpecificTopics } from '../../api/specific-topics';
import { TermsFields } from './terms-fields';
import { termsProblem } from './wizard-rules';
import { doneMessage } from './labels';

const LEVELS = [2, 3, 4, 5, 6, 7] as const;

interface Node {
  cve: number;
  nivel: number;
  label: string;
}

function LevelSelect({ nivel, padre, value, onChange }: { nivel: number; padre: number | null; value: string | null; onChange: (v: string | null, label: string) => void }) {
  const { t } = useTranslation(['plans', 'common']);
  const options = useStructureOptions(nivel, padre);
  const data = (options.data ?? []).map((o) => ({ value: String(o.value), label: o.label }));
  return (
    <Select
      label={t('plans:structure.level', { nivel })}
      placeholder={nivel > 2 && padre === null ? t('plans:structure.pick_parent') : options.isLoading ? t('common:loading') : t('plans:structure.pick')}
      data={data}
      value={value}
      onChange={(v) => onChange(v, data.find((d) => d.value === v)?.label ?? '')}
      disabled={nivel > 2 && padre === null}
      searchable
      clearable
      nothingFoundMessage={t('plans:no_results')}
      error={options.error ? (failureMessage(options.error) ?? undefined) : undefined}
    />
  );
}

/** The alta of institutional or specific requirements: structure nodes (cascading N2→N7) and topics. */
function StructureAlta({ program }: { program: 'institucional' | 'especifica' }) {
  const { t } = useTranslation(['plans', 'common']);
  const navigate = useNavigate();
  const [path, setPath] = useState<({ cve: string; label: string } | null)[]>(LEVELS.map(() => null));
  const [nodes, setNodes] = useState<Node[]>([]);
  const [temas, setTemas] = useState<string[]>([]);
  const [obligatoria, setObligatoria] = useState(true);
  const [diasLimite, setDiasLimite] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const general = useTopicOptions(program === 'institucional');
  const specific = useSpecificTopics(program === 'especifica');
  const topics = program === 'institucional' ? general : specific;
  useScreenChrome({});

  const choose = (index: number, value: string | null, label: string) =>
    // A new choice at a level clears the levels under it.
    setPath((p) => p.map((x, i) => (i < index ? x : i === index ? (value ? { cve: value, label } : null) : null)));
  const deepest = [...path.entries()].reverse().find(([, x]) => x !== null);
  const add = () => {
    if (!deepest) return;
    const [index, node] = deepest;
    if (!node) return;
    const cve = Number(node.cve);
    setNodes((list) => (list.some((n) => n.cve === cve) ? list : [...list, { cve, nivel: LEVELS[index] ?? 2, label: node.label }]));
  };

  const problem = nodes.length === 0 ? 'wizard.validation.no_structure' : termsProblem(temas.length, diasLimite);
  const save = async () => {
    setTried(true);
    if (problem) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postStructureRequirements(program, {
        estructuras: nodes.map((n) => n.cve),
        temas: temas.map(Number),
        obligatoria,
        dias_limite: diasLimite,
      });
      showSaved(undefined, doneMessage(t, answer));
      void navigate(PROGRAMS[program].consultPath);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(`plans:structure.intro_${program}`)}
        </Text>
        <Title order={2} size="h5">
          {t('plans:structure.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {LEVELS.map((nivel, i) => (
            <LevelSelect
              key={nivel}
              nivel={nivel}
              padre={i === 0 ? null : path[i - 1] ? Number(path[i - 1]?.cve) : null}
              value={path[i]?.cve ?? null}
              onChange={(v, label) => choose(i, v, label)}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={!deepest} onClick={add}>
            {deepest ? t('plans:structure.add', { name: deepest[1]?.label ?? '' }) : t('plans:structure.add_none')}
          </Button>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={600} id="chosen-nodes">
            {t('plans:structure.chosen', { count: nodes.length })}
          </Text>
          <Group gap="xs" aria-labelledby="chosen-nodes" role="list">
            {nodes.map((n) => (
              <Pill key={n.cve} role="listitem" size="lg">
                <Group gap={4} wrap="nowrap">
                  <span>{`N${n.nivel} · ${n.label}`}</span>
                  <ActionIcon size="xs" variant="subtle" color="gray" aria-label={t('plans:structure.remove', { name: n.label })} onClick={() => setNodes((l) => l.filter((x) => x.cve !== n.cve))}>
                    <IconX size={12} />
                  </ActionIcon>
                </Group>
              </Pill>
            ))}
          </Group>
        </Stack>
        <TermsFields
          topics={topics.data}
          topicsError={topics.error}
          loading={topics.isLoading}
          temas={temas}
          onTemas={setTemas}
          obligatoria={obligatoria}
          onObligatoria={setObligatoria}
          diasLimite={diasLimite}
          onDiasLimite={setDiasLimite}
        />
        {tried && problem && (
          <Alert color="yellow" variant="light" role="status">
            {t(`plans:${problem}`)}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(PROGRAMS[program].consultPath)}>
            {t('common:actions.cancel')}
          </Button>
          <Button leftSection={<IconCheck size={16} aria-hidden />} loading={busy} onClick={() => void save()}>
            {t('plans:structure.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /menu/capacitacion_institucional_alta_requerimientos. */
export function InstitutionalAlta() {
  return <StructureAlta program="institucional" />;
}

/** /menu/capacitacion_especifica_alta_requerimientos. */
export function SpecificAlta() {
  return <StructureAlta program="especifica" />;
}
