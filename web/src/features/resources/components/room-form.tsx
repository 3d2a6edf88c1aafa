import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, Select, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showSaved } from '@/components/feedback';
import { ActiveSwitch, FailureAlert, FormButtons, applyServerError } from '@/components/forms';
import { isOn } from '@/lib/flags';
import type { Room } from '../api/resource-types';
import { useResourceOptions } from '../api/resource-options';
import { CAPACITY_MAX, CAPACITY_MIN, NAME_PATTERN, ROOM_NAME_MAX as NAME_MAX } from './rules';
import { useResourceSave } from './save-resource';

type T = (key: string, options?: Record<string, unknown>) => string;

function roomSchema(t: T) {
  const required = t('resources:validation.required');
  const capacity = t('resources:validation.capacity', { min: CAPACITY_MIN, max: CAPACITY_MAX });
  return z.object({
    cve_sede: z.string().nullable().refine((v) => !!v, required),
    nombre: z
      .string()
      .trim()
      .min(1, required)
      .max(NAME_MAX, t('resources:validation.too_long', { max: NAME_MAX }))
      .regex(NAME_PATTERN, t('resources:validation.alphanumeric')),
    capacidad: z
      .union([z.number(), z.string()])
      .refine((v) => v !== '', required)
      .refine((v) => Number.isInteger(Number(v)) && Number(v) >= CAPACITY_MIN && Number(v) <= CAPACITY_MAX, capacity),
    activo: z.boolean(),
  });
}

type RoomValues = z.infer<ReturnType<typeof roomSchema>>;
const INPUTS = ['cve_sede', 'nombre', 'capacidad', 'activo'] as const;

interface RoomFormProps {
  id: number | null;
  record: Room | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Room: the venue it belongs to, a name and its capacity (1–10 000). */
export function RoomForm({ id, record, onClose, onSaved }: RoomFormProps) {
  const { t } = useTranslation(['resources', 'common']);
  const schema = useMemo(() => roomSchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RoomValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      cve_sede: record?.cve_sede ? String(record.cve_sede) : null,
      nombre: record?.nombre ?? '',
      capacidad: record?.capacidad ?? '',
      activo: record ? isOn(record.activo ?? 1) : true,
    },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const venues = useResourceOptions('sedes');
  const { save } = useResourceSave('salas', id);

  const venueOptions = (venues.data ?? []).map((o) => ({ value: String(o.value), label: o.label }));
  if (record?.cve_sede && !venueOptions.some((o) => o.value === String(record.cve_sede)))
    venueOptions.unshift({ value: String(record.cve_sede), label: record.sede || String(record.cve_sede) });

  const submit = async (values: RoomValues) => {
    setFailure(null);
    try {
      const answer = await save(
        { cve_sede: Number(values.cve_sede), nombre: values.nombre.trim(), capacidad: Number(values.capacidad) },
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
        <Controller
          control={control}
          name="cve_sede"
          render={({ field }) => (
            <Select
              label={t('resources:fields.sede')}
              placeholder={venues.isLoading ? t('common:loading') : t('resources:salas.pick_venue')}
              data={venueOptions}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              withAsterisk
              nothingFoundMessage={t('resources:salas.no_venues')}
              error={errors.cve_sede?.message}
            />
          )}
        />
        <TextInput label={t('resources:fields.nombre')} maxLength={NAME_MAX} withAsterisk error={errors.nombre?.message} {...register('nombre')} />
        <Controller
          control={control}
          name="capacidad"
          render={({ field }) => (
            <NumberInput
              label={t('resources:fields.capacidad')}
              min={CAPACITY_MIN}
              max={CAPACITY_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.capacidad?.message}
            />
          )}
        />
        {id !== null && <ActiveSwitch control={control} name="activo" />}
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
