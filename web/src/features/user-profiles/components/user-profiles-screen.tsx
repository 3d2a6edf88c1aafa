import { Alert, Button, Group, Paper, Stack, Stepper, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck, IconInfoCircle, IconUserCog } from '@tabler/icons-react';
import '@mantine/core/styles/Stepper.css';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableHandle, type SelectionChange } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { errorMessage, isPlanChange } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import { postProfileChange } from '../api/change-user-profiles';
import { EMPLOYEES_TABLE_URL, collectEmployees, type EmployeeRow, type PickedEmployee } from '../api/employees-table';
import { useProfiles } from '../api/get-profiles';
import { ConfirmStep } from './confirm-step';
import { ProfilesStep } from './profiles-step';
import { STEPS, reachableStep, stepProblem, type WizardState } from './wizard-rules';

const ALL_EMPLOYEES = { vista: 'todos' };

/**
 * /menu/cambiar_perfil_usuario: in three steps, pick employees, choose their profiles and the
 * default one, and confirm (POST configuracion/cambiar_perfil_usuario).
 */
export function UserProfilesScreen() {
  const { t } = useTranslation(['user-profiles', 'common', 'errors']);
  const [active, setActive] = useState(0);
  const [selection, setSelection] = useState<SelectionChange | null>(null);
  const [employees, setEmployees] = useState<PickedEmployee[]>([]);
  const [profiles, setProfiles] = useState<number[]>([]);
  const [predeterminado, setPredeterminado] = useState<number | null>(null);
  const [resolving, setResolving] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [updated, setUpdated] = useState<number | null>(null);
  // A new round starts with a fresh table (nothing selected, page 1).
  const [round, setRound] = useState(0);
  const table = useRef<DataTableHandle>(null);
  // Names of the rows the table has shown, for the summary of an explicit selection.
  const seen = useRef(new Map<number, string>());
  const profileList = useProfiles();

  useScreenChrome({ onUpdate: () => table.current?.refresh() });

  const state: WizardState = { employees: selection?.count ?? 0, profiles, predeterminado };
  const reachable = reachableStep(state);
  const problem = active < STEPS.length ? stepProblem(active, state) : null;

  const columns = useMemo<DataTableColumn<EmployeeRow>[]>(
    () => [
      { field: 'num_empleado', header: t('user-profiles:fields.num_empleado'), width: 110 },
      { field: 'nombre_empleado', header: t('user-profiles:fields.nombre_empleado') },
      { field: 'curp', header: t('user-profiles:fields.curp') },
      { field: 'puesto', header: t('user-profiles:fields.puesto') },
      { field: 'n4', header: t('user-profiles:fields.n4') },
      { field: 'planta', header: t('user-profiles:fields.planta') },
    ],
    [t],
  );

  /** Step 1 → 2: the selection becomes the list of employees the change applies to. */
  const resolveEmployees = async (): Promise<boolean> => {
    if (!selection || selection.count === 0) return false;
    if (!selection.all) {
      setEmployees(
        selection.keys.map((key) => {
          const cve = Number(key);
          return { cve_empleado: cve, nombre_empleado: seen.current.get(cve) ?? `#${cve}` };
        }),
      );
      return true;
    }
    setResolving(true);
    setFailure(null);
    try {
      setEmployees(await collectEmployees(selection.query, new Set(selection.excluded)));
      return true;
    } catch (error) {
      if (!isApiError(error, 401) && !isPlanChange(error)) setFailure(errorMessage(error));
      return false;
    } finally {
      setResolving(false);
    }
  };

  const next = async () => {
    if (problem) return;
    if (active === 0 && !(await resolveEmployees())) return;
    setFailure(null);
    setActive((s) => Math.min(s + 1, STEPS.length - 1));
  };

  const back = () => {
    setFailure(null);
    setActive((s) => Math.max(s - 1, 0));
  };

  const confirm = async () => {
    if (predeterminado === null || employees.length === 0) return;
    setSending(true);
    setFailure(null);
    try {
      const answer = await postProfileChange({
        empleados: employees.map((e) => e.cve_empleado),
        perfiles: profiles,
        predeterminado,
      });
      setUpdated(answer?.actualizados ?? employees.length);
      setActive(STEPS.length);
    } catch (error) {
      if (!isApiError(error, 401) && !isPlanChange(error)) setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const restart = () => {
    setRound((r) => r + 1);
    setSelection(null);
    setEmployees([]);
    setProfiles([]);
    setPredeterminado(null);
    setUpdated(null);
    setFailure(null);
    setActive(0);
  };

  const changeProfiles = (next: number[]) => {
    setProfiles(next);
    // A single profile is the default one; a default no longer chosen is forgotten.
    if (next.length === 1) setPredeterminado(next[0] ?? null);
    else if (predeterminado !== null && !next.includes(predeterminado)) setPredeterminado(null);
  };

  const stepLabel = (index: number) => t(`user-profiles:steps.${STEPS[index]}.label`);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="md">
        {/* The shell's breadcrumb carries the screen title (h1). */}
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md">
            <IconUserCog size={20} aria-hidden />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            {t('user-profiles:intro')}
          </Text>
        </Group>
        <Stepper
          active={active}
          onStepClick={(step) => {
            if (step <= reachable && active < STEPS.length) setActive(step);
          }}
          allowNextStepsSelect={false}
          keepMounted
          size="sm"
          wrap
        >
          <Stepper.Step
            label={stepLabel(0)}
            description={t('user-profiles:steps.employees.description')}
          >
            <Stack gap="sm">
              <DataTable<EmployeeRow>
                key={round}
                ref={table}
                url={EMPLOYEES_TABLE_URL}
                title={t('user-profiles:table_title')}
                columns={columns}
                rowKey={(row) => {
                  seen.current.set(row.cve_empleado, row.nombre_empleado);
                  return row.cve_empleado;
                }}
                filtersEXT={ALL_EMPLOYEES}
                defaultSort={{ field: 'nombre_empleado', direction: 'asc' }}
                selectable
                onSelectionChange={setSelection}
                emptyMessage={t('user-profiles:empty')}
              />
            </Stack>
          </Stepper.Step>
          <Stepper.Step
            label={stepLabel(1)}
            description={t('user-profiles:steps.profiles.description')}
          >
            <ProfilesStep
              query={profileList}
              chosen={profiles}
              predeterminado={predeterminado}
              onChosen={changeProfiles}
              onPredeterminado={setPredeterminado}
            />
          </Stepper.Step>
          <Stepper.Step
            label={stepLabel(2)}
            description={t('user-profiles:steps.confirm.description')}
          >
            <ConfirmStep employees={employees} profiles={profileList.data ?? []} chosen={profiles} predeterminado={predeterminado} />
          </Stepper.Step>
          <Stepper.Completed>
            <Alert color="teal" variant="light" icon={<IconCheck size={18} aria-hidden />} title={t('common:success')} role="status">
              <Text size="sm">{t('user-profiles:done', { count: updated ?? 0 })}</Text>
              <Button mt="sm" variant="light" onClick={restart}>
                {t('user-profiles:restart')}
              </Button>
            </Alert>
          </Stepper.Completed>
        </Stepper>

        {active < STEPS.length && problem && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
            {t(`user-profiles:${problem}`)}
          </Alert>
        )}
        {active === 0 && !problem && (
          <Text size="sm" c="dimmed" role="status">
            {t('user-profiles:selected', { count: selection?.count ?? 0 })}
          </Text>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" title={t('errors:ui.ups')}>
            {failure}
          </Alert>
        )}
        {active < STEPS.length && (
          <Group justify="space-between">
            <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={back} disabled={active === 0}>
              {t('common:actions.back')}
            </Button>
            {active < STEPS.length - 1 ? (
              <Button
                rightSection={<IconArrowRight size={16} aria-hidden />}
                onClick={() => void next()}
                disabled={!!problem}
                loading={resolving}
              >
                {t('user-profiles:next')}
              </Button>
            ) : (
              <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={() => void confirm()} loading={sending}>
                {t('user-profiles:confirm')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
