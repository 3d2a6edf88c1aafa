import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showSaved } from '@/components/feedback';
import { ActiveSwitch, FailureAlert, FormButtons, applyServerError } from '@/components/forms';
import { isOn } from '@/lib/flags';
import type { Institution } from '../api/resource-types';
import { EMAIL_MAX, EMAIL_PATTERN, NAME_MAX, NAME_PATTERN, PHONE_MAX, PHONE_PATTERN } from './rules';
import { useResourceSave } from './save-resource';

type T = (key: string, options?: Record<string, unknown>) => string;

function institutionSchema(t: T) {
  const required = t('resources:validation.required');
  const tooLong = t('resources:validation.too_long', { max: NAME_MAX });
  const name = z.string().trim().min(1, required).max(NAME_MAX, tooLong).regex(NAME_PATTERN, t('resources:validation.alphanumeric'));
  return z.object({
    nombre: name,
    contacto: name,
    telefono: z
      .string()
      .trim()
      .min(1, required)
      .max(PHONE_MAX, t('resources:validation.phone'))
      .regex(PHONE_PATTERN, t('resources:validation.phone')),
    correo: z.string().trim().min(1, required).max(EMAIL_MAX, tooLong).regex(EMAIL_PATTERN, t('resources:validation.email')),
    activo: z.boolean(),
  });
}

type InstitutionValues = z.infer<ReturnType<typeof institutionSchema>>;
const INPUTS = ['nombre', 'contacto', 'telefono', 'correo', 'activo'] as const;

interface InstitutionFormProps {
  id: number | null;
  record: Institution | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Institution: name, contact, phone and e-mail, all required (spec §5, "Labels state"). */
export function InstitutionForm({ id, record, onClose, onSaved }: InstitutionFormProps) {
  const { t } = useTranslation(['resources', 'common']);
  const schema = useMemo(() => institutionSchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InstitutionValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      nombre: record?.nombre ?? '',
      contacto: record?.contacto ?? '',
      telefono: record?.telefono ?? '',
      correo: record?.correo ?? '',
      activo: record ? isOn(record.activo ?? 1) : true,
    },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { save } = useResourceSave('instituciones', id);

  const submit = async (values: InstitutionValues) => {
    setFailure(null);
    try {
      const answer = await save(
        {
          nombre: values.nombre.trim(),
          contacto: values.contacto.trim(),
          telefono: values.telefono.trim(),
          correo: values.correo.trim().toLowerCase(),
        },
        values.activo,
      );
      showSaved(answer.resp);
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
        <TextInput label={t('resources:fields.nombre')} maxLength={NAME_MAX} withAsterisk error={errors.nombre?.message} {...register('nombre')} />
        <TextInput
          label={t('resources:fields.contacto')}
          maxLength={NAME_MAX}
          withAsterisk
          error={errors.contacto?.message}
          {...register('contacto')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('resources:fields.telefono')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={25}
            withAsterisk
            description={t('resources:hints.telefono')}
            error={errors.telefono?.message}
            {...register('telefono')}
          />
          <TextInput
            label={t('resources:fields.correo')}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            withAsterisk
            error={errors.correo?.message}
            {...register('correo')}
          />
        </SimpleGrid>
        {id !== null && <ActiveSwitch control={control} name="activo" />}
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
