import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, MultiSelect, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Switch.css';
import { useMemo, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, applyServerError } from '@/components/forms';
import { useProfiles } from '@/lib/api/shared/profiles';
import { postDashboardSurvey, putDashboardSurvey } from '../api/dashboard-surveys';
import type { EncuestaDashboard } from '../api/types';
import {
  DASHBOARD_QUESTIONS_MAX,
  DASHBOARD_SURVEY_INPUTS,
  dashboardSurveyPayload,
  dashboardSurveySchema,
  dashboardSurveyToValues,
  type DashboardSurveyValues,
} from './dashboard-survey-schema';
import { TITLE_MAX } from './question-schema';
import { QuestionsEditor } from './questions-editor';

export interface DashboardSurveyFormProps {
  survey: EncuestaDashboard | null;
  onSaved: (survey: EncuestaDashboard, created: boolean) => void;
  onCancel: () => void;
}

/** A dashboard survey: title, date window, the profiles that see it, active, its questions. */
export function DashboardSurveyForm({ survey, onSaved, onCancel }: DashboardSurveyFormProps) {
  const { t } = useTranslation(['surveys', 'common']);
  const schema = useMemo(() => dashboardSurveySchema((k, o) => t(k, o)), [t]);
  const form = useForm<DashboardSurveyValues>({ resolver: zodResolver(schema), defaultValues: dashboardSurveyToValues(survey), mode: 'onTouched' });
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const profiles = useProfiles();
  const desde = useWatch({ control, name: 'desde' });
  const frozen = (survey?.respuestas ?? 0) > 0;
  const profileData = (profiles.data ?? []).map((p) => ({ value: String(p.idperfil), label: p.perfil }));

  const submit = async (values: DashboardSurveyValues) => {
    setFailure(null);
    try {
      const body = dashboardSurveyPayload(values);
      const saved = survey ? await putDashboardSurvey(survey.id_encuesta_dashboard, body) : await postDashboardSurvey(body);
      showSaved(undefined);
      if (survey) reset(dashboardSurveyToValues(saved ?? survey));
      onSaved(saved, !survey);
    } catch (error) {
      setFailure(applyServerError(error, setError, DASHBOARD_SURVEY_INPUTS));
    }
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={handleSubmit(submit)} noValidate aria-label={survey ? t('surveys:dashboard.edit_title') : t('surveys:dashboard.new_title')}>
        <Stack gap="md">
          <TextInput label={t('surveys:fields.encuesta')} maxLength={TITLE_MAX} withAsterisk error={errors.encuesta?.message} {...register('encuesta')} data-autofocus />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              type="date"
              label={t('surveys:fields.desde')}
              withAsterisk
              error={errors.desde?.message}
              {...register('desde', {
                onChange: () => {
                  if (getValues('hasta')) void trigger('hasta');
                },
              })}
            />
            <TextInput type="date" label={t('surveys:fields.hasta')} min={desde || undefined} withAsterisk error={errors.hasta?.message} {...register('hasta')} />
          </SimpleGrid>
          <Controller
            control={control}
            name="perfiles"
            render={({ field }) => (
              <MultiSelect
                ref={field.ref}
                label={t('surveys:fields.perfiles')}
                description={t('surveys:hints.perfiles')}
                placeholder={profiles.isLoading ? t('common:loading') : t('surveys:dashboard.pick_profiles')}
                data={profileData}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                searchable
                hidePickedOptions
                withAsterisk
                nothingFoundMessage={t('surveys:no_results')}
                error={errors.perfiles?.message}
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
          <QuestionsEditor max={DASHBOARD_QUESTIONS_MAX} frozen={frozen} />
          <FailureAlert message={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {survey ? t('common:actions.save') : t('surveys:dashboard.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
