import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showSaved } from '@/components/feedback';
import { FailureAlert, FormButtons, applyServerError } from '@/components/forms';
import { isOn } from '@/lib/flags';
import { postNode } from '../api/create-node';
import { useStructureNodes } from '../api/structure-nodes';
import { LEVELS, type StructureRow } from '../api/structure-table';
import { putNode } from '../api/update-node';
import { NAME_MAX, NAME_PATTERN } from './rules';

function nodeSchema(t: (key: string, options?: Record<string, unknown>) => string, editing: boolean) {
  const required = t('org:validation.required');
  return z
    .object({
      nivel: z.string().nullable(),
      nombre: z
        .string()
        .trim()
        .min(1, required)
        .max(NAME_MAX, t('org:validation.too_long', { max: NAME_MAX }))
        .regex(NAME_PATTERN, t('org:validation.name_chars')),
      cve_padre: z.string().nullable(),
      activo: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (editing) return;
      if (!values.nivel) ctx.addIssue({ code: 'custom', path: ['nivel'], message: required });
      else if (Number(values.nivel) > 2 && !values.cve_padre)
        ctx.addIssue({ code: 'custom', path: ['cve_padre'], message: required });
    });
}

type NodeValues = z.infer<ReturnType<typeof nodeSchema>>;

interface NodeFormModalProps {
  opened: boolean;
  /** The node to edit; absent for a new one. */
  node?: StructureRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** "Nuevo elemento" (level, name, parent of the level above) and "Editar" (name, active). */
export function NodeFormModal({ opened, node, onClose, onSaved }: NodeFormModalProps) {
  const { t } = useTranslation(['org', 'common']);
  return (
    <Modal opened={opened} onClose={onClose} title={node ? t('org:structure.edit_title') : t('org:structure.new_title')}>
      {opened && <NodeForm key={node?.cve_estructura ?? 'new'} node={node ?? null} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function NodeForm({ node, onClose, onSaved }: { node: StructureRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['org', 'common', 'errors']);
  const editing = node !== null;
  const schema = useMemo(() => nodeSchema((k, o) => t(k, o), editing), [t, editing]);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NodeValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      nivel: node ? String(node.nivel) : null,
      nombre: node?.nombre ?? '',
      cve_padre: node?.cve_padre ? String(node.cve_padre) : null,
      activo: node ? isOn(node.activo) : true,
    },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const nivel = useWatch({ control, name: 'nivel' });
  const level = nivel ? Number(nivel) : null;
  const needsParent = !editing && level !== null && level > 2;
  const parents = useStructureNodes(needsParent ? level - 1 : null);

  const levelOptions = LEVELS.map((l) => ({ value: String(l), label: t(`org:levels.${l}`) }));
  const parentOptions = (parents.data ?? []).map((p) => ({ value: String(p.cve_estructura), label: p.nombre }));

  const submit = async (values: NodeValues) => {
    setFailure(null);
    try {
      const answer = node
        ? await putNode(node.cve_estructura, { nombre: values.nombre.trim(), activo: values.activo ? 1 : 0 })
        : await postNode({
            nivel: Number(values.nivel),
            nombre: values.nombre.trim(),
            cve_padre: Number(values.nivel) > 2 && values.cve_padre ? Number(values.cve_padre) : null,
          });
      showSaved(answer?.resp, t('org:saved'));
      onSaved();
      onClose();
    } catch (error) {
      setFailure(applyServerError(error, setError, ['nivel', 'nombre', 'cve_padre', 'activo'], { focus: false }));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        {!editing && (
          <Controller
            control={control}
            name="nivel"
            render={({ field }) => (
              <Select
                label={t('org:fields.nivel')}
                placeholder={t('org:structure.pick_level')}
                data={levelOptions}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  setValue('cve_padre', null);
                }}
                onBlur={field.onBlur}
                withAsterisk
                allowDeselect={false}
                error={errors.nivel?.message}
              />
            )}
          />
        )}
        <TextInput
          label={t('org:fields.nombre')}
          maxLength={NAME_MAX}
          withAsterisk
          error={errors.nombre?.message}
          {...register('nombre')}
        />
        {needsParent && (
          <Controller
            control={control}
            name="cve_padre"
            render={({ field }) => (
              <Select
                label={t('org:structure.parent', { level: t(`org:levels.${level - 1}`) })}
                placeholder={parents.isLoading ? t('common:loading') : t('org:structure.pick_parent')}
                data={parentOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                searchable
                withAsterisk
                nothingFoundMessage={t('org:structure.no_parents')}
                error={errors.cve_padre?.message}
              />
            )}
          />
        )}
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
