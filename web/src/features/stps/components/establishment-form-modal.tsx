import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showSaved } from '@/components/feedback';
import { ActiveSwitch, FailureAlert, FormButtons, applyServerError, optional } from '@/components/forms';
import { isOn } from '@/lib/flags';
import { useCompanies, type Company } from '../api/companies';
import { postEstablishment } from '../api/create-establishment';
import type { EstablishmentRow } from '../api/establishments-table';
import { useStates, type State } from '@/lib/api/shared/states';
import { putEstablishment } from '../api/update-establishment';
import { EMPLOYER_REGISTRATION_MAX, EMPLOYER_REGISTRATION_PATTERN, NAME_PATTERN, TEXT_MAX } from './rules';

type T = (key: string, options?: Record<string, unknown>) => string;

function establishmentSchema(t: T) {
  const required = t('stps:validation.required');
  return z.object({
    cve_n4: z.string().nullable().refine((v) => !!v, required),
    nombre: z
      .string()
      .trim()
      .min(1, required)
      .regex(NAME_PATTERN, t('stps:validation.alphanumeric')),
    registro_patronal: z
      .string()
      .trim()
      .max(EMPLOYER_REGISTRATION_MAX, t('stps:validation.too_long', { max: EMPLOYER_REGISTRATION_MAX }))
      .refine((v) => v === '' || EMPLOYER_REGISTRATION_PATTERN.test(v), t('stps:validation.registro_patronal')),
    domicilio: z.string().trim().max(TEXT_MAX, t('stps:validation.too_long', { max: TEXT_MAX })),
    cve_estado: z.string().nullable(),
    activo: z.boolean(),
  });
}

type EstablishmentValues = z.infer<ReturnType<typeof establishmentSchema>>;
const INPUTS = ['cve_n4', 'nombre', 'registro_patronal', 'domicilio', 'cve_estado', 'activo'] as const;

/** The row's company key: its own, or the company of that name. */
function companyKey(row: EstablishmentRow, companies: Company[] | undefined): string | null {
  if (row.cve_n4) return String(row.cve_n4);
  const match = companies?.find((c) => c.nombre === row.empresa);
  return match ? String(match.cve_n4) : null;
}

/** The row's state key: its own, or the state of that name. */
function stateKey(row: EstablishmentRow, states: State[] | undefined): string | null {
  if (row.cve_estado) return String(row.cve_estado);
  const match = states?.find((s) => s.estado === row.estado);
  return match ? String(match.cve_estado) : null;
}

interface EstablishmentFormModalProps {
  opened: boolean;
  establishment: EstablishmentRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** An establishment registered with the STPS: company, name, employer registration, address and state. */
export function EstablishmentFormModal({ opened, establishment, onClose, onSaved }: EstablishmentFormModalProps) {
  const { t } = useTranslation('stps');
  const companies = useCompanies();
  const states = useStates();
  // An edit waits for both lists: the row names its company and state, the form needs their keys.
  const ready = !establishment || ((!!companies.data || !!companies.error) && (!!states.data || !!states.error));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={establishment ? t('establecimientos.edit_title') : t('establecimientos.new_title')}
      size="lg"
    >
      {opened && ready && (
        <EstablishmentForm
          key={establishment?.cve_establecimiento ?? 'new'}
          establishment={establishment}
          companies={companies.data}
          companiesLoading={companies.isLoading}
          states={states.data}
          statesLoading={states.isLoading}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

interface EstablishmentFormProps {
  establishment: EstablishmentRow | null;
  companies: Company[] | undefined;
  companiesLoading: boolean;
  states: State[] | undefined;
  statesLoading: boolean;
  onClose: () => void;
  onSaved: () => void;
}

function EstablishmentForm({ establishment, companies, companiesLoading, states, statesLoading, onClose, onSaved }: EstablishmentFormProps) {
  const { t } = useTranslation(['stps', 'common']);
  const schema = useMemo(() => establishmentSchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EstablishmentValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      cve_n4: establishment ? companyKey(establishment, companies) : null,
      nombre: establishment?.nombre ?? '',
      registro_patronal: establishment?.registro_patronal ?? '',
      domicilio: establishment?.domicilio ?? '',
      cve_estado: establishment ? stateKey(establishment, states) : null,
      activo: establishment ? isOn(establishment.activo) : true,
    },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: EstablishmentValues) => {
    setFailure(null);
    const body = {
      cve_n4: Number(values.cve_n4),
      nombre: values.nombre.trim(),
      registro_patronal: optional(values.registro_patronal)?.toUpperCase() ?? null,
      domicilio: optional(values.domicilio),
      cve_estado: values.cve_estado ? Number(values.cve_estado) : null,
    };
    try {
      const answer = establishment
        ? await putEstablishment(establishment.cve_establecimiento, { ...body, activo: values.activo ? 1 : 0 })
        : await postEstablishment(body);
      showSaved(answer?.resp);
      onSaved();
      onClose();
    } catch (error) {
      setFailure(applyServerError(error, setError, INPUTS, { focus: false }));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <Controller
          control={control}
          name="cve_n4"
          render={({ field }) => (
            <Select
              label={t('stps:fields.empresa')}
              placeholder={companiesLoading ? t('common:loading') : t('stps:pick_company')}
              data={(companies ?? []).map((c) => ({ value: String(c.cve_n4), label: c.nombre }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              withAsterisk
              nothingFoundMessage={t('stps:no_options')}
              error={errors.cve_n4?.message}
            />
          )}
        />
        <TextInput label={t('stps:fields.nombre')} withAsterisk error={errors.nombre?.message} {...register('nombre')} />
        <TextInput
          label={t('stps:fields.registro_patronal')}
          maxLength={EMPLOYER_REGISTRATION_MAX}
          autoComplete="off"
          styles={{ input: { textTransform: 'uppercase' } }}
          error={errors.registro_patronal?.message}
          {...register('registro_patronal')}
        />
        <Textarea
          label={t('stps:fields.domicilio')}
          maxLength={TEXT_MAX}
          rows={3}
          error={errors.domicilio?.message}
          {...register('domicilio')}
        />
        <Controller
          control={control}
          name="cve_estado"
          render={({ field }) => (
            <Select
              label={t('stps:fields.estado')}
              placeholder={statesLoading ? t('common:loading') : t('stps:establecimientos.pick_state')}
              data={(states ?? []).map((s) => ({ value: String(s.cve_estado), label: s.estado }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              clearable
              nothingFoundMessage={t('stps:no_options')}
              error={errors.cve_estado?.message}
            />
          )}
        />
        {establishment && <ActiveSwitch control={control} name="activo" />}
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
