import { Alert, Button, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessageCircleQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { showSaved } from '@/components/feedback';
import { isSessionEnd } from '@/components/forms';
import { errorMessage } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { postCourseSurvey, useCourseSurvey, type PreguntaCurso } from '../../api/course-survey';
import { showsSurveyButton, type SurveyTopic } from './survey-rules';

/** 'Encuesta' on a topic card whose course survey the employee can answer now. */
export function CourseSurveyButton({ topic }: { topic: SurveyTopic }) {
  const { t } = useTranslation('plans');
  const [open, setOpen] = useState(false);
  if (!showsSurveyButton(topic) || topic.cve_curso == null) return null;
  return (
    <>
      <Button size="xs" variant="light" color="grape" leftSection={<IconMessageCircleQuestion size={14} aria-hidden />} onClick={() => setOpen(true)}>
        {t('plans:survey.button')}
      </Button>
      {open && <CourseSurveyModal cveCurso={topic.cve_curso} topicName={topic.nombre} onClose={() => setOpen(false)} />}
    </>
  );
}

const options = (q: PreguntaCurso) => [q.respuesta1, q.respuesta2, q.respuesta3, q.respuesta4];

/** The course survey: every question's four options; sent once, all answered. */
export function CourseSurveyModal({ cveCurso, topicName, onClose }: { cveCurso: number; topicName: string; onClose: () => void }) {
  const { t } = useTranslation(['plans', 'common']);
  const narrow = useMediaQuery('(max-width: 36em)');
  const { mutate } = useSWRConfig();
  const survey = useCourseSurvey(cveCurso);
  const [answers, setAnswers] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState<number[]>([]);
  const questions = survey.data?.preguntas ?? [];

  const send = async () => {
    const unanswered = questions.filter((q) => !answers[q.id_pregunta]).map((q) => q.id_pregunta);
    setMissing(unanswered);
    if (unanswered.length > 0) {
      setFailure(t('plans:survey.incomplete'));
      document.getElementById(`course-survey-q-${unanswered[0]}`)?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postCourseSurvey(
        cveCurso,
        questions.map((q) => ({ id_pregunta: q.id_pregunta, selected: answers[q.id_pregunta] as number })),
      );
      showSaved(answer?.resp, t('plans:survey.sent'));
      await mutate((key) => Array.isArray(key) && key[0] === 'plans.planeada');
      onClose();
    } catch (error) {
      // Spec §8: the server's resp, else 'Problemas para enviar la encuesta'.
      if (!isSessionEnd(error)) setFailure((error instanceof ApiError && error.resp) || t('plans:survey.send_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} size="lg" fullScreen={narrow} title={<Text fw={700}>{t('plans:survey.title', { name: topicName })}</Text>}>
      {survey.isLoading && (
        <Stack gap="sm" aria-busy>
          <Skeleton height={24} />
          <Skeleton height={120} />
        </Stack>
      )}
      {survey.error !== undefined && !survey.data && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(survey.error)}
        </Alert>
      )}
      {survey.data && survey.data.contestada && (
        <Stack gap="md">
          <Text>{t('plans:survey.already')}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('common:actions.close')}</Button>
          </Group>
        </Stack>
      )}
      {survey.data && !survey.data.contestada && (
        <Stack gap="md" component="form" onSubmit={(e) => { e.preventDefault(); void send(); }} aria-label={survey.data.nombre}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {survey.data.nombre}
          </Text>
          {survey.data.descripcion && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {survey.data.descripcion}
            </Text>
          )}
          {questions.map((q, index) => (
            <Radio.Group
              key={q.id_pregunta}
              id={`course-survey-q-${q.id_pregunta}`}
              label={t('plans:survey.question', { n: index + 1, text: q.pregunta })}
              withAsterisk
              value={answers[q.id_pregunta] ? String(answers[q.id_pregunta]) : null}
              onChange={(value) => {
                setAnswers((prev) => ({ ...prev, [q.id_pregunta]: Number(value) }));
                setMissing((prev) => prev.filter((id) => id !== q.id_pregunta));
              }}
              error={missing.includes(q.id_pregunta) ? t('plans:survey.required') : undefined}
              styles={{ label: { fontWeight: 600, marginBottom: 6, overflowWrap: 'anywhere' } }}
            >
              <Stack gap={8}>
                {options(q).map((text, i) => (
                  <Radio key={i} value={String(i + 1)} label={text} disabled={busy} />
                ))}
              </Stack>
            </Radio.Group>
          ))}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('plans:survey.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
