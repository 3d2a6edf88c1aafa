import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Modal, SimpleGrid, Skeleton, Stack, Text, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FormButtons, applyServerError } from '@/components/forms';
import { ListError } from '@/components/states/list-states';
import { useProfiles } from '@/lib/api/shared/profiles';
import { createReport } from '../api/create-report';
import type { DefinicionReporte } from '../api/types';
import { updateReport } from '../api/update-report';
import { DESCRIPTION_MAX, NAME_MAX, saveSchema, savePayload, type SaveValues } from './save-schema';

const INPUTS = ['nombre', 'descripcion', 'perfiles'] as const;

export interface SaveDialogProps {
  opened: boolean;
  /** The layout being edited (PUT), or null to create one (POST). */
  reportId: number | null;
  initial: SaveValues;
  definicion: DefinicionReporte;
  onClose: () => void;
  /** Saved: its id (a new one for a creation) and what was saved. */
  onSaved: (id: number, values: SaveValues) => void;
}

/** The profiles the layout is shared with: one box per profile of the permission matrix. */
function ProfilesField({ value, onChange, error }: { value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const { t } = useTranslation('report-builder');
  const profiles = useProfiles();
  if (!profiles.data) {
    if (profiles.error !== undefined) return <ListError title={t('save.profiles_error')} error={profiles.error} onRetry={() => void profiles.mutate()} />;
    return <Skeleton height={96} aria-busy />;
  }
  const sorted = [...profiles.data].sort((a, b) => a.idperfil - b.idperfil);
  return (
    <Checkbox.Group label={t('save.profiles')} description={t('save.profiles_hint')} value={value} onChange={onChange} error={error}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
        {sorted.map((p) => (
          <Checkbox key={p.idperfil} value={String(p.idperfil)} label={p.perfil} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

function SaveForm({ reportId, initial, definicion, onClose, onSaved }: Omit<SaveDialogProps, 'opened'>) {
  const { t } = useTranslation(['report-builder', 'common']);
  const schema = useMemo(() => saveSchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SaveValues>({ resolver: zodResolver(schema), defaultValues: initial });

  const submit = async (values: SaveValues) => {
    const body = savePayload(values, definicion);
    // What was saved is what the next save starts from (trimmed).
    const kept = { ...values, nombre: body.nombre, descripcion: values.descripcion.trim() };
    try {
      if (reportId === null) {
        const answer = await createReport(body);
        showSaved(answer?.resp, t('report-builder:save.created'));
        onSaved(answer.id_reporte, kept);
      } else {
        const answer = await updateReport(reportId, body);
        showSaved(answer?.resp, t('report-builder:save.updated'));
        onSaved(reportId, kept);
      }
    } catch (error) {
      const message = applyServerError(error, setError, INPUTS, {
        codeFields: { 'reportes.nombre_repetido': 'nombre', 'reportes.perfil_desconocido': 'perfiles' },
        conflictField: 'nombre',
      });
      if (message !== null) notifications.show({ color: 'red', title: t('report-builder:save.error'), message });
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={reportId === null ? t('report-builder:save.new_title') : t('report-builder:save.edit_title')}>
      <Stack gap="md">
        {reportId === null && (
          <Text size="sm" c="dimmed">
            {t('report-builder:save.intro')}
          </Text>
        )}
        <TextInput label={t('report-builder:save.name')} maxLength={NAME_MAX} withAsterisk data-autofocus error={errors.nombre?.message} {...register('nombre')} />
        <Textarea
          label={t('report-builder:save.description')}
          description={t('report-builder:save.description_hint', { max: DESCRIPTION_MAX })}
          maxLength={DESCRIPTION_MAX}
          rows={3}
          resize="vertical"
          error={errors.descripcion?.message}
          {...register('descripcion')}
        />
        <Controller control={control} name="perfiles" render={({ field, fieldState }) => <ProfilesField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />} />
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}

/** 'Guardar reporte': name, description and the profiles it is shared with. */
export function SaveDialog({ opened, ...props }: SaveDialogProps) {
  const { t } = useTranslation('report-builder');
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={props.onClose} title={props.reportId === null ? t('save.new_title') : t('save.edit_title')} size="lg" fullScreen={narrow}>
      {opened && <SaveForm {...props} />}
    </Modal>
  );
}
