import { Alert, Button, Group, List, Paper, Radio, Stack, Stepper, Text } from '@mantine/core';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Alert.css';
import { IconArrowLeft, IconArrowRight, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SelectionChange } from '@/components/data-table';
import { showSaved } from '@/components/feedback';
import { failureMessage } from '@/components/forms';
import { useScreenChrome } from '@/components/page-chrome';
import { useTopicOptions } from '@/lib/api/shared/topic-options';
import { postFormation, postValidateFormation, type FormationBody, type FormationCheck } from '../../api/create-requirements';
import { PROGRAMS } from '../../api/programs';
import { TargetsTable } from './targets-table';
import { resolveTargets, type Target } from './targets';
import { TermsFields } from './terms-fields';
import { STEPS, reachableStep, stepProblem, type AssignmentType, type WizardState } from './wizard-rules';
import { doneMessage } from './labels';
import { useStepperOrientation } from '../stepper-orientation';

/**
 * /menu/plan_formacion_alta_requerimientos: the 4-step wizard (assignment type → positions or
 * employees → topics → confirm). The confirm step asks the server for a dry run (validar):
 * duplicates and employees reached, before anything is written.
 */
export function FormationWizard() {
  const { t } = useTranslation(['plans', 'common', 'errors']);
  const orientation = useStepperOrientation();
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const [tipo, setTipo] = useState<AssignmentType | null>(null);
  const [selection, setSelection] = useState<SelectionChange | null>(null);
  const [targets, setTargets] = useState<Target[]>([]);
  const [temas, setTemas] = useState<string[]>([]);
  const [obligatoria, setObligatoria] = useState(true);
  const [diasLimite, setDiasLimite] = useState<number | null>(null);
  const [check, setCheck] = useState<FormationCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const seen = useRef(new Map<number, string>());
  const topics = useTopicOptions(active >= 2);

  useScreenChrome({});

  const state: WizardState = { tipo, destinos: selection?.count ?? 0, temas: temas.length, diasLimite };
  const reachable = reachableStep(state);
  const problem = stepProblem(active, state);

  const body = (list: Target[]): FormationBody => ({
    tipo_asignacion: tipo ?? 'puestos',
    puestos: tipo === 'puestos' ? list.map((x) => x.id) : [],
    empleados: tipo === 'empleados' ? list.map((x) => x.id) : [],
    temas: temas.map(Number),
    obligatoria,
    dias_limite: diasLimite,
  });

  const next = async () => {
    if (problem) return;
    setFailure(null);
    if (active === 1) {
      setBusy(true);
      try {
        setTargets(await resolveTargets(tipo ?? 'puestos', selection, seen.current));
      } catch (error) {
        setFailure(failureMessage(error));
        return;
      } finally {
        setBusy(false);
      }
    }
    if (active === 2) {
      setBusy(true);
      try {
        setCheck(await postValidateFormation(body(targets)));
      } catch (error) {
        setFailure(failureMessage(error));
        return;
      } finally {
        setBusy(false);
      }
    }
    setActive((s) => Math.min(s + 1, STEPS.length - 1));
  };

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postFormation(body(targets));
      showSaved(
        undefined,
        doneMessage(t, answer),
      );
      void navigate(PROGRAMS.formacion.consultPath);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const changeTipo = (value: string) => {
    // Another assignment type starts the targets again.
    setTipo(value as AssignmentType);
    setSelection(null);
    setTargets([]);
    seen.current.clear();
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('plans:wizard.intro')}
        </Text>
        <Stepper
          active={active}
          onStepClick={(step) => {
            if (step <= reachable && step < active) setActive(step);
          }}
          allowNextStepsSelect={false}
          size="sm"
          orientation={orientation}
          wrap
        >
          <Stepper.Step label={t('plans:wizard.steps.tipo')} description={t('plans:wizard.steps.tipo_hint')}>
            <Radio.Group label={t('plans:wizard.assignment_type')} value={tipo ?? ''} onChange={changeTipo} required>
              <Stack gap="xs" mt="xs">
                <Radio value="puestos" label={t('plans:wizard.by_positions')} description={t('plans:wizard.by_positions_hint')} />
                <Radio value="empleados" label={t('plans:wizard.by_employees')} description={t('plans:wizard.by_employees_hint')} />
              </Stack>
            </Radio.Group>
          </Stepper.Step>
          <Stepper.Step
            label={tipo === 'empleados' ? t('plans:wizard.steps.empleados') : t('plans:wizard.steps.puestos')}
            description={t('plans:wizard.steps.destinos_hint')}
          >
            {active === 1 && tipo && <TargetsTable tipo={tipo} seen={seen} onSelectionChange={setSelection} />}
          </Stepper.Step>
          <Stepper.Step label={t('plans:wizard.steps.temas')} description={t('plans:wizard.steps.temas_hint')}>
            {active === 2 && (
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
            )}
          </Stepper.Step>
          <Stepper.Step label={t('plans:wizard.steps.confirmar')} description={t('plans:wizard.steps.confirmar_hint')}>
            {active === 3 && check && (
              <Stack gap="sm">
                <Text size="sm">
                  {t(tipo === 'empleados' ? 'plans:wizard.summary_employees' : 'plans:wizard.summary_positions', {
                    count: targets.length,
                    names: targets.slice(0, 5).map((x) => x.name).join(', ') + (targets.length > 5 ? '…' : ''),
                  })}
                </Text>
                <Text size="sm">{t('plans:wizard.summary_topics', { count: temas.length })}</Text>
                <Text size="sm">{obligatoria ? t('plans:mandatory') : t('plans:optional')}{diasLimite ? ` · ${t('plans:wizard.summary_days', { count: diasLimite })}` : ''}</Text>
                <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
                  <Text size="sm" fw={600}>
                    {t('plans:wizard.reached', { count: check.empleados_alcanzados })}
                  </Text>
                  <Text size="sm">{t('plans:wizard.new_count', { count: check.nuevos })}</Text>
                </Alert>
                {check.duplicados.length > 0 && (
                  <Alert color="yellow" variant="light" title={t('plans:wizard.duplicates')} role="status">
                    <List size="sm">
                      {check.duplicados.map((d) => (
                        <List.Item key={d.id_requerimiento}>{t('plans:wizard.duplicate', { id: d.id_requerimiento, tema: d.tema, destino: d.destino })}</List.Item>
                      ))}
                    </List>
                  </Alert>
                )}
              </Stack>
            )}
          </Stepper.Step>
        </Stepper>

        {problem && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
            {t(`plans:${problem}`)}
          </Alert>
        )}
        {active === 1 && !problem && (
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
            onClick={() => (active === 0 ? void navigate(PROGRAMS.formacion.consultPath) : setActive((s) => s - 1))}
          >
            {active === 0 ? t('common:actions.cancel') : t('common:actions.back')}
          </Button>
          {active < STEPS.length - 1 ? (
            <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => void next()} disabled={!!problem} loading={busy}>
              {t('plans:wizard.next')}
            </Button>
          ) : (
            <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => void confirm()} loading={busy} disabled={!check || check.nuevos === 0}>
              {t('plans:wizard.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
