import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { SurveyResults } from '@/components/survey-results';
import { isApiError } from '@/lib/api/errors';
import { useCourseSurveyResults } from '@/lib/api/shared/survey-results';
import { useTemplateOptions } from '@/lib/api/shared/survey-template-options';
import { hasSection, useSession } from '@/lib/auth/session';
import { putSurveyAssignment, useSurveyAssignment } from '../../api/survey-assignment';
import type { CursoDetalle } from '../../api/types';
import { SCHEDULE_SECTION, SURVEY_RESULTS_SECTION } from './survey-tab-rule';

/** The value of 'the topic's survey' in the select (no override). */
const TOPIC_SURVEY = 'tema';

/** 'Encuesta': which survey the course uses (override, section cursos.programar) and its results. */
export function SurveyTab({ course, readOnly }: { course: CursoDetalle; readOnly: boolean }) {
  const { user } = useSession();
  const canAssign = hasSection(user, SCHEDULE_SECTION);
  const canSeeResults = hasSection(user, SURVEY_RESULTS_SECTION);
  return (
    <Stack gap="lg">
      {canAssign && <SurveyAssignment cveCurso={course.cve_curso} readOnly={readOnly} />}
      {canSeeResults && <CourseSurveyResults cveCurso={course.cve_curso} />}
    </Stack>
  );
}

function SurveyAssignment({ cveCurso, readOnly }: { cveCurso: number; readOnly: boolean }) {
  const { t } = useTranslation(['courses', 'common']);
  const assignment = useSurveyAssignment(cveCurso);
  const templates = useTemplateOptions(!readOnly);
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (assignment.error && !assignment.data) return <ListError title={t('courses:survey.load_error')} error={assignment.error} onRetry={() => void assignment.mutate()} />;
  if (!assignment.data) return <ListSkeleton rows={1} />;
  const a = assignment.data;
  const current = a.origen === 'curso' && a.id_encuesta ? String(a.id_encuesta) : TOPIC_SURVEY;
  const value = choice ?? current;
  const data = [{ value: TOPIC_SURVEY, label: t('courses:survey.topic_survey') }, ...(templates.data ?? [])];
  if (a.origen === 'curso' && a.id_encuesta && !data.some((d) => d.value === String(a.id_encuesta))) {
    data.push({ value: String(a.id_encuesta), label: a.nombre ?? String(a.id_encuesta) });
  }
  const describe = () => {
    if (!a.id_encuesta) return t('courses:survey.none');
    return a.origen === 'curso' ? t('courses:survey.uses_own', { name: a.nombre ?? '' }) : t('courses:survey.uses_topic', { name: a.nombre ?? '' });
  };

  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const saved = await putSurveyAssignment(cveCurso, value === TOPIC_SURVEY ? null : Number(value));
      await assignment.mutate(saved, { revalidate: false });
      setChoice(null);
      showSaved(undefined);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('courses:survey.assignment')}
        </Title>
        <Text size="sm" data-testid="course-survey-current">
          {describe()}
        </Text>
        {!readOnly && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('courses:survey.template')}
              data={data}
              value={value}
              onChange={(next) => setChoice(next ?? TOPIC_SURVEY)}
              searchable
              allowDeselect={false}
              nothingFoundMessage={t('courses:survey.no_templates')}
              style={{ flex: '1 1 16rem' }}
            />
            <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={busy} disabled={value === current} onClick={() => void save()}>
              {t('common:actions.save')}
            </Button>
          </Group>
        )}
        <FailureAlert message={failure} />
      </Stack>
    </Paper>
  );
}

function CourseSurveyResults({ cveCurso }: { cveCurso: number }) {
  const { t } = useTranslation(['courses', 'common']);
  const results = useCourseSurveyResults(cveCurso);
  let body;
  if (results.error && !results.data) {
    body = isApiError(results.error, 404) ? (
      <Text c="dimmed">{t('courses:survey.no_survey')}</Text>
    ) : (
      <ListError title={t('courses:survey.results_error')} error={results.error} onRetry={() => void results.mutate()} />
    );
  } else if (!results.data) body = <ListSkeleton rows={2} />;
  else body = <SurveyResults results={results.data} headingLevel={4} />;
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('courses:survey.results')}
      </Title>
      {body}
    </Stack>
  );
}
