import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showSaved } from '@/components/feedback';
import { FailureAlert, FormButtons, applyServerError } from '@/components/forms';
import { postPlant } from '../api/create-plant';
import { useStates } from '@/lib/api/shared/states';
import { useStructureNodes } from '../api/structure-nodes';
import { NAME_MAX, NAME_PATTERN } from './rules';

function plantSchema(t: (key: string, options?: Record<string, unknown>) => string) {
  const required = t('org:validation.required');
  const tooLong = t('org:validation.too_long', { max: NAME_MAX });
  return z.object({
    nombre: z.string().trim().min(1, required).max(NAME_MAX, tooLong).regex(NAME_PATTERN, t('org:validation.name_chars')),
    cve_n4: z.string().nullable().refine((v) => !!v, required),
    cve_estado: z.string().nullable().refine((v) => !!v, required),
    ciudad: z.string().trim(),
  });
}

type PlantValues = z.infer<ReturnType<typeof plantSchema>>;

/** "Nueva planta": name, company (an N4 node), state and city. */
export function PlantFormModal({ opened, onClose, onSaved }: { opened: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('org');
  return (
    <Modal opened={opened} onClose={onClose} title={t('plants.new_title')}>
      {opened && <PlantForm onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function PlantForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['org', 'common', 'errors']);
  const schema = useMemo(() => plantSchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PlantValues>({
    resolver: zodResolver(schema),
    defaultValues: { nombre: '', cve_n4: null, cve_estado: null, ciudad: '' },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const companies = useStructureNodes(4);
  const states = useStates();

  const submit = async (values: PlantValues) => {
    setFailure(null);
    try {
      const answer = await postPlant({
        nombre: values.nombre.trim(),
        cve_n4: Number(values.cve_n4),
        cve_estado: Number(values.cve_estado),
        ciudad: values.ciudad.trim(),
      });
      showSaved(answer?.resp, t('org:saved'));
      onSaved();
      onClose();
    } catch (error) {
      setFailure(applyServerError(error, setError, ['nombre', 'cve_n4', 'cve_estado', 'ciudad'], { focus: false }));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <TextInput label={t('org:fields.nombre')} maxLength={NAME_MAX} withAsterisk error={errors.nombre?.message} {...register('nombre')} />
        <Controller
          control={control}
          name="cve_n4"
          render={({ field }) => (
            <Select
              label={t('org:fields.empresa')}
              placeholder={companies.isLoading ? t('common:loading') : t('org:plants.pick_company')}
              data={(companies.data ?? []).map((c) => ({ value: String(c.cve_estructura), label: c.nombre }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              withAsterisk
              nothingFoundMessage={t('org:structure.no_parents')}
              error={errors.cve_n4?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="cve_estado"
          render={({ field }) => (
            <Select
              label={t('org:fields.estado')}
              placeholder={states.isLoading ? t('common:loading') : t('org:plants.pick_state')}
              data={(states.data ?? []).map((s) => ({ value: String(s.cve_estado), label: s.estado }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              withAsterisk
              error={errors.cve_estado?.message}
            />
          )}
        />
        <TextInput label={t('org:fields.ciudad')} error={errors.ciudad?.message} {...register('ciudad')} />
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
