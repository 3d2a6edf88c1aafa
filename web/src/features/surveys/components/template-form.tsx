import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, MultiSelect, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Switch.css';
import { useMemo, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, applyServerError } from '@/components/forms';
import { topicLabel, useTopicOptions } from '@/lib/api/shared/topic-options';
import { postTemplate, putTemplate } from '../api/templates';
import type { Encuesta } from '../api/types';
import { TITLE_MAX } from './question-schema';
import { QuestionsEditor } from './questions-editor';
import { DESCRIPTION_MAX, TEMPLATE_INPUTS, TEMPLATE_QUESTIONS_MAX, templatePayload, templateSchema, templateToValues, type TemplateValues } from './template-schema';

export interface TemplateFormProps {
  /** The template to edit; null to create one. */
  template: Encuesta | null;
  onSaved: (template: Encuesta, created: boolean) => void;
  onCancel: () => void;
}

/** A course survey template: name, description, active, the topics it applies to and its questions. */
export function TemplateForm({ template, onSaved, onCancel }: TemplateFormProps) {
  const { t } = useTranslation(['surveys', 'common']);
  const schema = useMemo(() => templateSchema((k, o) => t(k, o)), [t]);
  const form = useForm<TemplateValues>({ resolver: zodResolver(schema), defaultValues: templateToValues(template), mode: 'onTouched' });
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const topics = useTopicOptions();
  const frozen = (template?.respuestas ?? 0) > 0;

  // Topics assigned now stay pickable even when they are no longer active.
  const topicData = useMemo(() => {
    const data = (topics.data ?? []).map((x) => ({ value: String(x.cve_tema), label: topicLabel(x) }));
    const known = new Set(data.map((x) => x.value));
    for (const x of template?.temas_detalle ?? []) {
      if (!known.has(String(x.cve_tema))) data.push({ value: String(x.cve_tema), label: x.nombre_tema });
    }
    return data;
  }, [topics.data, template]);

  const submit = async (values: TemplateValues) => {
    setFailure(null);
    try {
      const body = templatePayload(values);
      const saved = template ? await putTemplate(template.id_encuesta, body) : await postTemplate(body);
      showSaved(undefined);
      if (template) reset(templateToValues(saved ?? template));
      onSaved(saved, !template);
    } catch (error) {
      setFailure(
        applyServerError(error, setError, TEMPLATE_INPUTS, {
          codeFields: { 'encuestas.duplicada': 'nombre', 'encuestas.tema_asignado': 'temas' },
        }),
      );
    }
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={handleSubmit(submit)} noValidate aria-label={template ? t('surveys:templates.edit_title') : t('surveys:templates.new_title')}>
        <Stack gap="md">
          <TextInput label={t('surveys:fields.nombre')} maxLength={TITLE_MAX} withAsterisk error={errors.nombre?.message} {...register('nombre')} data-autofocus />
          <Textarea label={t('surveys:fields.descripcion')} maxLength={DESCRIPTION_MAX} rows={2} resize="vertical" error={errors.descripcion?.message} {...register('descripcion')} />
          <Controller
            control={control}
            name="temas"
            render={({ field }) => (
              <MultiSelect
                ref={field.ref}
                label={t('surveys:fields.temas')}
                description={t('surveys:hints.temas')}
                placeholder={topics.isLoading ? t('common:loading') : t('surveys:templates.pick_topics')}
                data={topicData}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                searchable
                hidePickedOptions
                clearable
                nothingFoundMessage={t('surveys:no_results')}
                error={errors.temas?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="activa"
            render={({ field }) => (
              <Switch ref={field.ref} label={t('surveys:fields.activa')} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
            )}
          />
          <QuestionsEditor max={TEMPLATE_QUESTIONS_MAX} frozen={frozen} />
          <FailureAlert message={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {template ? t('common:actions.save') : t('surveys:templates.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
