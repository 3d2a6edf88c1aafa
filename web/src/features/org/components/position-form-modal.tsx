import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showSaved } from '@/components/feedback';
import { FailureAlert, FormButtons, applyServerError } from '@/components/forms';
import { isOn } from '@/lib/flags';
import { postPosition } from '../api/create-position';
import type { PositionRow } from '../api/positions-table';
import { useStructureNodes } from '../api/structure-nodes';
import { putPosition } from '../api/update-position';
import { DESCRIPTION_MAX, NAME_MAX, NAME_PATTERN } from './rules';

function positionSchema(t: (key: string, options?: Record<string, unknown>) => string, editing: boolean) {
  const required = t('org:validation.required');
  return z
    .object({
      puesto: z
        .string()
        .trim()
        .min(1, required)
        .max(NAME_MAX, t('org:validation.too_long', { max: NAME_MAX }))
        .regex(NAME_PATTERN, t('org:validation.name_chars')),
      cve_estructura: z.string().nullable(),
      descripcion: z.string().trim().max(DESCRIPTION_MAX, t('org:validation.too_long', { max: DESCRIPTION_MAX })),
      activo: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (!editing && !values.cve_estructura) ctx.addIssue({ code: 'custom', path: ['cve_estructura'], message: required });
    });
}

type PositionValues = z.infer<ReturnType<typeof positionSchema>>;

interface PositionFormModalProps {
  opened: boolean;
  /** The position to edit; absent to create one. */
  position?: PositionRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 'Crear puesto' (name, structure node, description) and "Editar" (name, description, active). */
export function PositionFormModal({ opened, position, onClose, onSaved }: PositionFormModalProps) {
  const { t } = useTranslation('org');
  return (
    <Modal opened={opened} onClose={onClose} title={position ? t('positions.edit_title') : t('positions.new_title')}>
      {opened && <PositionForm key={position?.cve_puesto ?? 'new'} position={position ?? null} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function PositionForm({
  position,
  onClose,
  onSaved,
}: {
  position: PositionRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['org', 'common', 'errors']);
  const editing = position !== null;
  const schema = useMemo(() => positionSchema((k, o) => t(k, o), editing), [t, editing]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PositionValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      puesto: position?.puesto ?? '',
      cve_estructura: null,
      descripcion: position?.descripcion ?? '',
      activo: position ? isOn(position.activo) : true,
    },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const nodes = useStructureNodes(editing ? null : 'all');
  const nodeOptions = (nodes.data ?? []).map((n) => ({
    value: String(n.cve_estructura),
    label: `${n.nombre} (${t(`org:levels.${n.nivel}`, { defaultValue: `N${n.nivel}` })})`,
  }));

  const submit = async (values: PositionValues) => {
    setFailure(null);
    try {
      const answer = position
        ? await putPosition(position.cve_puesto, {
            puesto: values.puesto.trim(),
            descripcion: values.descripcion.trim(),
            activo: values.activo ? 1 : 0,
          })
        : await postPosition({
            puesto: values.puesto.trim(),
            cve_estructura: Number(values.cve_estructura),
            descripcion: values.descripcion.trim(),
          });
      showSaved(answer?.resp, t('org:saved'));
      onSaved();
      onClose();
    } catch (error) {
      setFailure(applyServerError(error, setError, ['puesto', 'cve_estructura', 'descripcion', 'activo'], { focus: false }));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <TextInput
          label={t('org:fields.puesto')}
          maxLength={NAME_MAX}
          withAsterisk
          error={errors.puesto?.message}
          {...register('puesto')}
        />
        {!editing && (
          <Controller
            control={control}
            name="cve_estructura"
            render={({ field }) => (
              <Select
                label={t('org:fields.estructura')}
                placeholder={nodes.isLoading ? t('common:loading') : t('org:positions.pick_structure')}
                data={nodeOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                searchable
                withAsterisk
                nothingFoundMessage={t('org:structure.no_parents')}
                error={errors.cve_estructura?.message}
              />
            )}
          />
        )}
        <Textarea
          label={t('org:fields.descripcion')}
          maxLength={DESCRIPTION_MAX}
          rows={3}
          error={errors.descripcion?.message}
          {...register('descripcion')}
        />
        {editing && (
          <Controller
            control={control}
            name="activo"
            render={({ field }) => (
              <Switch label={t('org:fields.activo')} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
            )}
          />
        )}
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
