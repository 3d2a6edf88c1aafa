import { Alert, Button, Group, List, NumberInput, Paper, Radio, Select, Stack, Stepper, Switch, Text } from '@mantine/core';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import { IconArrowLeft, IconArrowRight, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SelectionChange } from '@/components/data-table';
import { showSaved } from '@/components/feedback';
import { failureMessage } from '@/components/forms';
import { useScreenChrome } from '@/components/page-chrome';
import { ListError } from '@/components/states/list-states';
import { isApiError } from '@/lib/api/errors';
import { postAssignBlock, useBlockChoices, useBlockSeats, useBlockTopics } from '../../api/block-assignment';
import { PROGRAMS } from '../../api/programs';
import { TargetsTable } from '../requirements/targets-table';
import { resolveTargets, type Target } from '../requirements/targets';
import { DIAS_LIMITE, type AssignmentType } from '../requirements/wizard-rules';
import { blockStepProblem } from './assignment-rules';
import { doneMessage } from '../requirements/labels';
import { useStepperOrientation } from '../stepper-orientation';

/**
 * /menu/asignacion_bloques_asignar: block → its topics and seats → positions or employees →
 * confirm. A block without topics stops at the first step with the spec's message; a list not
 * smaller than the free seats is refused (spec §5), here and by the server.
 */
export function BlockAssignment() {
  const { t } = useTranslation(['plans', 'common', 'errors']);
  const orientation = useStepperOrientation();
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const [block, setBlock] = useState<string | null>(null);
  const [tipo, setTipo] = useState<AssignmentType>('puestos');
  const [selection, setSelection] = useState<SelectionChange | null>(null);
  const [targets, setTargets] = useState<Target[]>([]);
  const [obligatoria, setObligatoria] = useState(true);
  const [diasLimite, setDiasLimite] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const seen = useRef(new Map<number, string>());
  const id = block ? Number(block) : null;
  const blocks = useBlockChoices();
  const topics = useBlockTopics(id);
  const seats = useBlockSeats(id);
  useScreenChrome({});

  const noTopics = isApiError(topics.error, 409) || (topics.data !== undefined && topics.data.length === 0);
  const problem = blockStepProblem(active, {
    block: id,
    topicsReady: topics.data !== undefined && topics.data.length > 0,
    noTopics,
    tipo,
    count: selection?.count ?? 0,
    libres: seats.data?.libres ?? null,
    diasLimite,
  });

  const next = async () => {
    if (problem) return;
    setFailure(null);
    if (active === 1) {
      setBusy(true);
      try {
        setTargets(await resolveTargets(tipo, selection, seen.current));
      } catch (error) {
        setFailure(failureMessage(error));
        return;
      } finally {
        setBusy(false);
      }
    }
    setActive((s) => s + 1);
  };

  const confirm = async () => {
    if (!id) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postAssignBlock(id, {
        tipo_asignacion: tipo,
        puestos: tipo === 'puestos' ? targets.map((x) => x.id) : [],
        empleados: tipo === 'empleados' ? targets.map((x) => x.id) : [],
        obligatoria,
        dias_limite: diasLimite,
      });
      showSaved(undefined, doneMessage(t, answer));
      void navigate(PROGRAMS.bloque.consultPath);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const blockName = blocks.data?.find((b) => String(b.id_bloque) === block)?.nombre_bloque ?? '';
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="md">
        <Stepper active={active} onStepClick={(s) => s < active && setActive(s)} allowNextStepsSelect={false} size="sm" orientation={orientation} wrap>
          <Stepper.Step label={t('plans:assignment.steps.block')} description={t('plans:assignment.steps.block_hint')}>
            <Stack gap="sm">
              <Select
                label={t('plans:assignment.block')}
                placeholder={blocks.isLoading ? t('common:loading') : t('plans:assignment.pick_block')}
                data={(blocks.data ?? []).filter((b) => b.activo !== 0 && b.activo !== '0' && b.activo !== false).map((b) => ({ value: String(b.id_bloque), label: b.nombre_bloque }))}
                value={block}
                onChange={(v) => {
                  setBlock(v);
                  setSelection(null);
                }}
                searchable
                nothingFoundMessage={t('plans:no_results')}
                maw={480}
                error={blocks.error ? (failureMessage(blocks.error) ?? undefined) : undefined}
              />
              {id && topics.error !== undefined && !isApiError(topics.error, 409) && (
                <ListError title={t('plans:assignment.topics_error')} error={topics.error} onRetry={() => void topics.mutate()} />
              )}
              {id && topics.data && topics.data.length > 0 && (
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {t('plans:assignment.topics', { count: topics.data.length })}
                  </Text>
                  <List size="sm">
                    {topics.data.map((x) => (
                      <List.Item key={x.cve_tema}>{x.abreviatura ? `${x.abreviatura} · ${x.nombre}` : x.nombre}</List.Item>
                    ))}
                  </List>
                </Stack>
              )}
              {id && seats.data && (
                <Text size="sm" role="status">
                  {seats.data.libres == null
                    ? t('plans:assignment.seats_unlimited', { assigned: t('plans:assignment.assigned', { count: seats.data.total_asistentes }) })
                    : t('plans:assignment.seats', { libres: seats.data.libres, capacidad: seats.data.capacidad_asistencia, assigned: t('plans:assignment.assigned', { count: seats.data.total_asistentes }) })}
                </Text>
              )}
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t('plans:assignment.steps.targets')} description={t('plans:wizard.steps.destinos_hint')}>
            {active === 1 && (
              <Stack gap="sm">
                <Radio.Group
                  label={t('plans:wizard.assignment_type')}
                  value={tipo}
                  onChange={(v) => {
                    setTipo(v as AssignmentType);
                    setSelection(null);
                    seen.current.clear();
                  }}
                >
                  <Group gap="md" mt="xs">
                    <Radio value="puestos" label={t('plans:wizard.by_positions')} />
                    <Radio value="empleados" label={t('plans:wizard.by_employees')} />
                  </Group>
                </Radio.Group>
                <TargetsTable key={tipo} tipo={tipo} seen={seen} onSelectionChange={setSelection} />
              </Stack>
            )}
          </Stepper.Step>
          <Stepper.Step label={t('plans:wizard.steps.confirmar')} description={t('plans:wizard.steps.confirmar_hint')}>
            {active === 2 && (
              <Stack gap="sm">
                <Text size="sm">{t('plans:assignment.summary_block', { name: blockName })}</Text>
                <Text size="sm">
                  {t(tipo === 'empleados' ? 'plans:wizard.summary_employees' : 'plans:wizard.summary_positions', {
                    count: targets.length,
                    names: targets.slice(0, 5).map((x) => x.name).join(', ') + (targets.length > 5 ? '…' : ''),
                  })}
                </Text>
                <Switch label={t('plans:wizard.mandatory')} checked={obligatoria} onChange={(e) => setObligatoria(e.currentTarget.checked)} />
                <NumberInput
                  label={t('plans:wizard.dias_limite')}
                  description={t('plans:wizard.dias_limite_hint')}
                  min={DIAS_LIMITE.min}
                  max={DIAS_LIMITE.max}
                  allowDecimal={false}
                  allowNegative={false}
                  value={diasLimite ?? ''}
                  onChange={(v) => setDiasLimite(v === '' || v === null ? null : Number(v))}
                  w={{ base: '100%', sm: 240 }}
                />
              </Stack>
            )}
          </Stepper.Step>
        </Stepper>
        {problem && (problem !== 'assignment.validation.no_block' || active > 0) && (
          <Alert color={problem === 'assignment.validation.no_topics' || problem === 'assignment.validation.no_seats' ? 'red' : 'yellow'} variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
            {t(`plans:${problem}`, { libres: seats.data?.libres ?? 0 })}
          </Alert>
        )}
        {active === 1 && (
          <Text size="sm" role="status">
            {t('plans:wizard.selected', { count: selection?.count ?? 0 })}
          </Text>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" title={t('errors:ui.ups')}>
            {failure}
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => (active === 0 ? void navigate(PROGRAMS.bloque.consultPath) : setActive((s) => s - 1))}
          >
            {active === 0 ? t('common:actions.cancel') : t('common:actions.back')}
          </Button>
          {active < 2 ? (
            <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => void next()} disabled={!!problem} loading={busy}>
              {t('plans:wizard.next')}
            </Button>
          ) : (
            <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => void confirm()} loading={busy} disabled={!!problem}>
              {t('plans:assignment.assign')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
