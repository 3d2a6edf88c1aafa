import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Switch.css';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { FormButtons, applyServerError } from '@/components/forms';
import { errorMessage } from '@/lib/api/client';
import { EMPLOYEE_TYPES, postEmployee } from '../api/create-employee';
import { employeeKey, useEmployee, type EmployeeDetail } from '../api/get-employee';
import { useOccupations } from '@/lib/api/shared/occupations';
import { usePopulationTypes } from '@/lib/api/shared/population-types';
import { usePositions } from '@/lib/api/shared/positions';
import { useStates } from '@/lib/api/shared/states';
import { toSelectData } from '@/lib/api/shared/options';
import { useCompanyPlantOptions } from '@/lib/api/shared/plant-options';
import { putEmployee } from '../api/update-employee';
import { countryName, useCountries } from '@/lib/api/shared/countries';
import { LevelSelect, SupervisorSelect } from './employee-form-fields';
import {
  CARD_MAX,
  CURP_LENGTH,
  DUPLICATE_FIELDS,
  EMAIL_MAX,
  EMPLOYEE_INPUTS,
  NAME_MAX,
  NUM_MAX,
  PHONE_LENGTH,
  bodyFromValues,
  emptyEmployee,
  employeeSchema,
  today,
  valuesFromDetail,
  type EmployeeValues,
} from './employee-schema';
import { withCurrent } from './select-data';
import { showDone } from './toast';
import { useMobile } from './use-mobile';

const LEVELS = [2, 3, 4, 5, 6, 7] as const;
type LevelField = 'n2' | 'n3' | 'n4' | 'n5' | 'n6' | 'n7';
const levelField = (level: number) => `n${level}` as LevelField;

export interface EmployeeFormModalProps {
  opened: boolean;
  /** The employee to edit; null to create one. */
  cve: number | null;
  onClose: () => void;
  /** After a save, with the employee's key. */
  onSaved: (cve: number | null) => void;
}

/** "Nuevo empleado" / "Editar empleado": every field of the contract's employee form. */
export function EmployeeFormModal({ opened, cve, onClose, onSaved }: EmployeeFormModalProps) {
  const { t } = useTranslation('employees');
  const mobile = useMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={cve ? t('form.edit_title') : t('form.new_title')}
      size="xl"
      fullScreen={mobile}
      closeOnClickOutside={false}
    >
      {opened &&
        (cve ? (
          <EditEmployee cve={cve} onClose={onClose} onSaved={onSaved} />
        ) : (
          <EmployeeForm detail={null} onClose={onClose} onSaved={onSaved} />
        ))}
    </Modal>
  );
}

function EditEmployee({ cve, onClose, onSaved }: { cve: number; onClose: () => void; onSaved: (cve: number | null) => void }) {
  const { t } = useTranslation(['employees', 'common']);
  const { data, error, mutate } = useEmployee(cve);
  if (data) return <EmployeeForm key={cve} detail={data} onClose={onClose} onSaved={onSaved} />;
  if (error)
    return (
      <Alert color="red" variant="light" role="alert" title={t('employees:detail.error')}>
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" mt="sm" variant="white" color="red" onClick={() => void mutate()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  return (
    <Stack gap="sm" aria-busy aria-label={t('common:loading')}>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={34} />
      ))}
    </Stack>
  );
}

function EmployeeForm({
  detail,
  onClose,
  onSaved,
}: {
  detail: EmployeeDetail | null;
  onClose: () => void;
  onSaved: (cve: number | null) => void;
}) {
  const { t, i18n } = useTranslation(['employees', 'common', 'errors']);
  const { mutate } = useSWRConfig();
  const schema = useMemo(() => employeeSchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<EmployeeValues>({
    resolver: zodResolver(schema),
    defaultValues: detail ? valuesFromDetail(detail) : emptyEmployee(),
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);

  // One subscription: the parents of the cascading selects and the main plant.
  const watched = useWatch({ control, name: ['n2', 'n3', 'n4', 'n5', 'n6', 'cve_planta'] });
  const levels = watched.slice(0, 5);
  const n4 = watched[2];
  const mainPlant = watched[5];
  const n4Id = n4 ? Number(n4) : null;

  const positions = usePositions(n4Id);
  const plants = useCompanyPlantOptions(n4Id);
  const states = useStates();
  const populationTypes = usePopulationTypes();
  const occupations = useOccupations();
  const countries = useCountries();

  const positionData = withCurrent(
    (positions.data ?? []).map((p) => ({ value: String(p.cve_puesto), label: p.puesto })),
    detail?.cve_puesto && String(detail.n4 ?? '') === n4 ? String(detail.cve_puesto) : null,
    detail?.puesto,
  );
  const plantData = toSelectData(plants.data);
  const stateData = (states.data ?? []).map((s) => ({ value: String(s.cve_estado), label: s.estado }));
  const typeData = (populationTypes.data ?? []).map((p) => ({ value: String(p.cve_tipo_poblacion), label: p.nombre }));
  const occupationData = (occupations.data ?? []).map((area) => ({
    group: `${area.clave} ${area.nombre}`,
    items: (area.subareas.length > 0 ? area.subareas : [area]).map((s) => ({ value: s.clave, label: `${s.clave} ${s.nombre}` })),
  }));
  const countryData = (countries.data ?? []).map((c) => ({ value: String(c.cve_pais), label: countryName(c, i18n.language) }));
  const employeeTypeData = EMPLOYEE_TYPES.map((v) => ({ value: v, label: t(`employees:types.${v}`) }));

  /** A level changed: everything below it (and, up to N4, the position and plants) no longer fits. */
  const changeLevel = (level: number, value: string | null) => {
    setValue(levelField(level), value, { shouldValidate: true, shouldDirty: true });
    for (let lower = level + 1; lower <= 7; lower++) setValue(levelField(lower), null, { shouldDirty: true });
    if (level <= 4) {
      setValue('cve_puesto', null, { shouldDirty: true });
      setValue('cve_planta', null, { shouldDirty: true });
      setValue('plantas', [], { shouldDirty: true });
    }
  };

  const submit = async (values: EmployeeValues) => {
    setFailure(null);
    const body = bodyFromValues(values);
    try {
      if (detail) {
        const answer = await putEmployee(detail.cve_empleado, body);
        showDone(t('employees:form.updated'), answer?.resp);
        void mutate(employeeKey(detail.cve_empleado));
        onSaved(detail.cve_empleado);
      } else {
        const answer = await postEmployee(body);
        showDone(t('employees:form.created'));
        onSaved(answer?.cve_empleado ?? null);
      }
      onClose();
    } catch (error) {
      setFailure(applyServerError(error, setError, EMPLOYEE_INPUTS as readonly Path<EmployeeValues>[], { codeFields: DUPLICATE_FIELDS }));
    }
  };

  const upper = (value: string) => value.toUpperCase().replace(/\s/g, '');
  const pick = t('employees:form.pick');
  const needsCompany = t('employees:form.pick_parent', { level: t('employees:form.labels.n4') });

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={detail ? t('employees:form.edit_title') : t('employees:form.new_title')}>
      <Stack gap="md">
        {!detail && (
          <Text size="sm" c="dimmed">
            {t('employees:form.new_hint')}
          </Text>
        )}

        <Divider label={t('employees:form.sections.personal')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={t('employees:form.labels.num_empleado')}
            maxLength={NUM_MAX}
            withAsterisk
            data-autofocus
            error={errors.num_empleado?.message}
            {...register('num_empleado')}
          />
          <TextInput
            label={t('employees:form.labels.nombre_empleado')}
            maxLength={NAME_MAX}
            autoComplete="off"
            withAsterisk
            error={errors.nombre_empleado?.message}
            {...register('nombre_empleado')}
          />
          <Controller
            control={control}
            name="curp"
            render={({ field }) => (
              <TextInput
                label={t('employees:form.labels.curp')}
                maxLength={CURP_LENGTH}
                autoCapitalize="characters"
                spellCheck={false}
                withAsterisk
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={(e) => field.onChange(upper(e.currentTarget.value))}
                onBlur={field.onBlur}
                error={errors.curp?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="rfc_empleado"
            render={({ field }) => (
              <TextInput
                label={t('employees:form.labels.rfc_empleado')}
                maxLength={13}
                autoCapitalize="characters"
                spellCheck={false}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={(e) => field.onChange(upper(e.currentTarget.value))}
                onBlur={field.onBlur}
                error={errors.rfc_empleado?.message}
              />
            )}
          />
          <TextInput
            label={t('employees:form.labels.correo_empleado')}
            type="email"
            autoComplete="off"
            maxLength={EMAIL_MAX}
            error={errors.correo_empleado?.message}
            {...register('correo_empleado')}
          />
          <TextInput
            label={t('employees:form.labels.telefono')}
            type="tel"
            inputMode="numeric"
            maxLength={PHONE_LENGTH}
            error={errors.telefono?.message}
            {...register('telefono')}
          />
          <Controller
            control={control}
            name="genero"
            render={({ field }) => (
              <Radio.Group
                label={t('employees:form.labels.genero')}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                error={errors.genero?.message}
              >
                <Group mt={6}>
                  <Radio value="H" label={t('employees:gender.H')} />
                  <Radio value="M" label={t('employees:gender.M')} />
                </Group>
              </Radio.Group>
            )}
          />
          <TextInput
            label={t('employees:form.labels.fecha_nacimiento')}
            type="date"
            max={today()}
            error={errors.fecha_nacimiento?.message}
            {...register('fecha_nacimiento')}
          />
        </SimpleGrid>

        <Divider label={t('employees:form.sections.structure')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {LEVELS.map((level) => (
            <Controller
              key={level}
              control={control}
              name={levelField(level)}
              render={({ field }) => (
                <LevelSelect
                  level={level}
                  parent={level === 2 ? null : (levels[level - 3] ?? null)}
                  value={field.value}
                  onChange={(v) => changeLevel(level, v)}
                  onBlur={field.onBlur}
                  required={level <= 4}
                  error={errors[levelField(level)]?.message}
                />
              )}
            />
          ))}
          <Controller
            control={control}
            name="cve_puesto"
            render={({ field }) => (
              <Select
                label={t('employees:form.labels.cve_puesto')}
                placeholder={!n4 ? needsCompany : positions.isLoading ? t('common:loading') : pick}
                data={positionData}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={!n4}
                searchable
                withAsterisk
                nothingFoundMessage={t('employees:form.no_positions')}
                error={errors.cve_puesto?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="cve_planta"
            render={({ field }) => (
              <Select
                label={t('employees:form.labels.cve_planta')}
                placeholder={!n4 ? needsCompany : plants.isLoading ? t('common:loading') : pick}
                data={withCurrent(plantData, field.value, null)}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  // The main plant is not also an extra one.
                  if (v) setValue('plantas', [], { shouldDirty: true });
                }}
                disabled={!n4}
                searchable
                clearable
                nothingFoundMessage={t('employees:form.no_plants')}
                error={errors.cve_planta?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="plantas"
            render={({ field }) => (
              <MultiSelect
                label={t('employees:form.labels.plantas')}
                placeholder={!n4 ? needsCompany : undefined}
                data={plantData.filter((p) => p.value !== mainPlant)}
                value={field.value}
                onChange={field.onChange}
                disabled={!n4}
                searchable
                clearable
                hidePickedOptions
                nothingFoundMessage={t('employees:form.no_plants')}
                error={errors.plantas?.message}
              />
            )}
          />
        </SimpleGrid>

        <Divider label={t('employees:form.sections.job')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <Controller
            control={control}
            name="cve_pais"
            render={({ field }) => (
              <Select
                label={t('employees:form.labels.cve_pais')}
                placeholder={pick}
                data={countryData}
                value={field.value}
                onChange={field.onChange}
                searchable
                clearable
                error={errors.cve_pais?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="cve_estado"
            render={({ field }) => (
              <Select
                label={t('employees:form.labels.cve_estado')}
                placeholder={states.isLoading ? t('common:loading') : pick}
                data={withCurrent(stateData, field.value, detail?.estado)}
                value={field.value}
                onChange={field.onChange}
                searchable
                clearable
                nothingFoundMessage={t('employees:form.no_matches')}
                error={errors.cve_estado?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="cve_tipo_poblacion"
            render={({ field }) => (
              <Select
                label={t('employees:form.labels.cve_tipo_poblacion')}
                placeholder={populationTypes.isLoading ? t('common:loading') : pick}
                data={withCurrent(typeData, field.value, detail?.tipo_poblacion)}
                value={field.value}
                onChange={field.onChange}
                clearable
                error={errors.cve_tipo_poblacion?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="cve_supervisor"
            render={({ field }) => (
              <SupervisorSelect
                value={field.value}
                onChange={field.onChange}
                initialLabel={detail?.nombre_supervisor ?? detail?.supervisor ?? null}
                self={detail?.cve_empleado ?? null}
                error={errors.cve_supervisor?.message}
              />
            )}
          />
          <TextInput
            label={t('employees:form.labels.fecha_ingreso')}
            type="date"
            max={today()}
            error={errors.fecha_ingreso?.message}
            {...register('fecha_ingreso')}
          />
          <TextInput
            label={t('employees:form.labels.fecha_inicio_puesto')}
            type="date"
            max={today()}
            error={errors.fecha_inicio_puesto?.message}
            {...register('fecha_inicio_puesto')}
          />
          <Controller
            control={control}
            name="tipo_empleado"
            render={({ field }) => (
              <Select
                label={t('employees:form.labels.tipo_empleado')}
                data={employeeTypeData}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
                allowDeselect={false}
                withAsterisk
                error={errors.tipo_empleado?.message}
              />
            )}
          />
          <TextInput
            label={t('employees:form.labels.id_tarjeta')}
            maxLength={CARD_MAX}
            error={errors.id_tarjeta?.message}
            {...register('id_tarjeta')}
          />
          <Controller
            control={control}
            name="ocupacion"
            render={({ field }) => (
              <Select
                label={t('employees:form.labels.ocupacion')}
                description={t('employees:form.ocupacion_hint')}
                placeholder={occupations.isLoading ? t('common:loading') : pick}
                data={occupationData}
                value={field.value}
                onChange={field.onChange}
                searchable
                clearable
                nothingFoundMessage={t('employees:form.no_matches')}
                error={errors.ocupacion?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="activo"
            render={({ field }) => (
              <Switch
                mt={{ sm: 'xl' }}
                label={t('employees:form.labels.activo')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
        </SimpleGrid>

        {failure && (
          <Alert color="red" variant="light" role="alert" title={t('errors:ui.ups')}>
            {failure}
          </Alert>
        )}
        {Object.keys(errors).length > 0 && !failure && (
          <Text size="sm" c="red" role="status">
            {t('employees:form.check_fields')}
          </Text>
        )}
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
