import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, FormButtons, applyServerError, numberOrNull } from '@/components/forms';
import { postActivity } from '../api/create-activity';
import { EVIDENCE_TYPES, activityId, type Activity } from '../api/get-activities';
import { putActivity } from '../api/update-activity';
import { CHAR_LIMIT, TITLE_MAX, activityPayload, activitySchema, activityToValues, type ActivityValues } from './activity-schema';
import { ACTIVITY_DESCRIPTION_MAX as DESCRIPTION_MAX } from './rules';

export interface ActivityFormModalProps {
  cve: number;
  opened: boolean;
  activity: Activity | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit an activity: title, description, due days, evidence type and, for text, its length limit. */
export function ActivityFormModal({ cve, opened, activity, onClose, onSaved }: ActivityFormModalProps) {
  const { t } = useTranslation('topics');
  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={activity ? t('activities.edit_title') : t('activities.new_title')}>
      {opened && (
        <ActivityForm key={activity ? activityId(activity) : 'new'} cve={cve} activity={activity} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function ActivityForm({ cve, activity, onClose, onSaved }: Omit<ActivityFormModalProps, 'opened'>) {
  const { t } = useTranslation(['topics', 'common']);
  const schema = useMemo(() => activitySchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ActivityValues>({ resolver: zodResolver(schema), defaultValues: activityToValues(activity), mode: 'onTouched' });
  const tipo = useWatch({ control, name: 'tipo_evidencia' });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: ActivityValues) => {
    setFailure(null);
    try {
      const body = activityPayload(values);
      const answer = activity ? await putActivity(cve, activityId(activity), body) : await postActivity(cve, body);
      showSaved(answer?.resp);
      onSaved();
      onClose();
    } catch (error) {
      setFailure(applyServerError(error, setError, ['titulo', 'descripcion', 'dias_entrega', 'tipo_evidencia', 'limite_caracteres']));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <TextInput
          label={t('topics:activities.fields.titulo')}
          maxLength={TITLE_MAX}
          withAsterisk
          error={errors.titulo?.message}
          {...register('titulo')}
        />
        <Textarea
          label={t('topics:activities.fields.descripcion')}
          maxLength={DESCRIPTION_MAX}
          rows={3}
          resize="vertical"
          withAsterisk
          error={errors.descripcion?.message}
          {...register('descripcion')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={control}
            name="dias_entrega"
            render={({ field }) => (
              <NumberInput
                ref={field.ref}
                label={t('topics:activities.fields.dias_entrega')}
                description={t('topics:activities.hints.dias_entrega')}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                withAsterisk
                value={field.value ?? ''}
                onChange={(value) => field.onChange(numberOrNull(value))}
                onBlur={field.onBlur}
                error={errors.dias_entrega?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="tipo_evidencia"
            render={({ field }) => (
              <Select
                ref={field.ref}
                label={t('topics:activities.fields.tipo_evidencia')}
                placeholder={t('topics:activities.pick_evidence')}
                data={EVIDENCE_TYPES.map((value) => ({ value, label: t(`topics:activities.evidence.${value}`) }))}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  if (value === 'texto' && getValues('limite_caracteres') === null) setValue('limite_caracteres', CHAR_LIMIT.initial);
                }}
                onBlur={field.onBlur}
                allowDeselect={false}
                withAsterisk
                error={errors.tipo_evidencia?.message}
              />
            )}
          />
        </SimpleGrid>
        {tipo === 'texto' && (
          <Controller
            control={control}
            name="limite_caracteres"
            render={({ field }) => (
              <NumberInput
                ref={field.ref}
                label={t('topics:activities.fields.limite_caracteres')}
                description={t('topics:hints.scale', CHAR_LIMIT)}
                min={CHAR_LIMIT.min}
                max={CHAR_LIMIT.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                withAsterisk
                value={field.value ?? ''}
                onChange={(value) => field.onChange(numberOrNull(value))}
                onBlur={field.onBlur}
                error={errors.limite_caracteres?.message}
              />
            )}
          />
        )}
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
