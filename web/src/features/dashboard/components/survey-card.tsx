import { Alert, Button, Group, Paper, Radio, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Table.css';
import { IconHeartHandshake, IconSend } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEnd } from '@/components/forms';
import { ApiError } from '@/lib/api/errors';
import { useFormat } from '@/lib/i18n/use-format';
import { postDashboardSurvey, useDashboardSurvey, type PreguntaDashboard } from '../api/dashboard-survey';
import { CONTRATISTA_PROFILE, surveyOptions } from './survey-options';

const SurveyChart = lazy(() => import('./survey-chart'));

/**
 * The dashboard survey (spec §2, §4, §5): answering mode, each question's four options as a
 * radio group and the send button once one is chosen; results mode after sending or when
 * already answered, a bar chart per question with the same figures as a table for screen
 * readers. The Contratista sees the thank-you text instead of the chart. Nothing without a
 * survey.
 */
export function SurveyCard({ idperfil }: { idperfil: number | undefined }) {
  const { t } = useTranslation('dashboard');
  const survey = useDashboardSurvey(idperfil);
  const [answers, setAnswers] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const questions = survey.data?.encuestas ?? [];
  if (questions.length === 0) return null;
  const title = questions[0]?.encuesta ?? '';
  const answered = sent || survey.data?.encuesta_contestada === true;
  const chosen = Object.keys(answers).length;

  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await postDashboardSurvey(Object.entries(answers).map(([id, selected]) => ({ id_pregunta: Number(id), selected })));
      setSent(true);
      await survey.mutate();
    } catch (error) {
      // Spec §8: the server's resp, else 'Problemas para enviar la encuesta'.
      if (!isSessionEnd(error)) setFailure((error instanceof ApiError && error.resp) || t('survey.send_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} shadow="xs" component="section" aria-labelledby="dashboard-survey-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="dashboard-survey-title" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {answered ? (
          idperfil === CONTRATISTA_PROFILE ? (
            <ThankYou />
          ) : (
            <Results questions={questions} waiting={survey.isValidating && sent} />
          )
        ) : (
          <>
            {questions.map((q, index) => (
              <Radio.Group
                key={q.id_pregunta}
                label={t('survey.question', { n: index + 1, text: q.pregunta })}
                value={answers[q.id_pregunta] ? String(answers[q.id_pregunta]) : null}
                onChange={(value) => setAnswers((prev) => ({ ...prev, [q.id_pregunta]: Number(value) }))}
                styles={{ label: { fontWeight: 600, marginBottom: 6, overflowWrap: 'anywhere' } }}
              >
                <Stack gap={8}>
                  {surveyOptions(q).map((o) => (
                    <Radio key={o.value} value={String(o.value)} label={o.text} disabled={busy} />
                  ))}
                </Stack>
              </Radio.Group>
            ))}
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            {chosen > 0 && (
              <Group justify="flex-end">
                <Button leftSection={<IconSend size={16} aria-hidden />} loading={busy} onClick={() => void send()}>
                  {t('survey.send')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ThankYou() {
  const { t } = useTranslation('dashboard');
  return (
    <Group gap="sm" wrap="nowrap" role="status">
      <IconHeartHandshake size={28} aria-hidden color="var(--mantine-color-teal-8)" />
      <Text>{t('survey.thanks')}</Text>
    </Group>
  );
}

function Results({ questions, waiting }: { questions: PreguntaDashboard[]; waiting: boolean }) {
  const { t } = useTranslation('dashboard');
  const { formatNumber } = useFormat();
  const withCounts = questions.some((q) => surveyOptions(q).some((o) => o.count !== null));
  if (!withCounts) return waiting ? <Skeleton height={160} /> : <ThankYou />;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('survey.results_intro')}
      </Text>
      {questions.map((q, index) => {
        const options = surveyOptions(q);
        const counts = options.map((o) => o.count ?? 0);
        const total = counts.reduce((a, b) => a + b, 0);
        const heading = t('survey.question', { n: index + 1, text: q.pregunta });
        return (
          <Stack key={q.id_pregunta} gap={6}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} aria-hidden>
              {heading}
            </Text>
            <Suspense fallback={<Skeleton height={140} />}>
              <SurveyChart labels={options.map((o) => o.text)} counts={counts} label={t('survey.answers')} />
            </Suspense>
            <VisuallyHidden>
              <Table>
                <caption>{heading}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('survey.option')}</th>
                    <th scope="col">{t('survey.answers')}</th>
                    <th scope="col">{t('survey.percent')}</th>
                  </tr>
                </thead>
                <tbody>
                  {options.map((o) => (
                    <tr key={o.value}>
                      <th scope="row">
                        {o.text}
                        {q.selected === o.value ? ` (${t('survey.your_answer')})` : ''}
                      </th>
                      <td>{formatNumber(o.count ?? 0)}</td>
                      <td>{total > 0 ? `${formatNumber(((o.count ?? 0) * 100) / total, { maximumFractionDigits: 1 })} %` : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </VisuallyHidden>
            {q.selected > 0 && (
              <Text size="xs" c="dimmed">
                {t('survey.you_chose', { answer: options.find((o) => o.value === q.selected)?.text ?? '' })}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
