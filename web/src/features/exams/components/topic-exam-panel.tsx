import { Badge, Button, Group, Modal, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Switch.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useFormat } from '@/lib/i18n/use-format';
import { deleteTopicExam, putTopicExam, useTopicExam } from '../api/topic-exam';
import type { ExamenTema, ExamenTemaForm } from '../api/types';
import { ConfigFields } from './config-fields';
import { cleanConfig, validateConfig, type ConfigErrors } from './config-rules';

const formOf = (e: ExamenTema): ExamenTemaForm => ({
  num_preguntas: Math.min(e.num_preguntas, Math.max(1, e.preguntas_banco)),
  barajar_preguntas: e.barajar_preguntas,
  barajar_opciones: e.barajar_opciones,
  tiempo_estimado: e.tiempo_estimado,
  intentos: e.intentos,
  descripcion_examen: e.descripcion_examen,
  autoservicio: e.autoservicio,
});

/** A topic's exam definition (its courses' defaults, and the self-service exam of E-learning topics). */
export function TopicExamPanel({ cveTema }: { cveTema: number }) {
  const { t } = useTranslation(['exams', 'common']);
  const exam = useTopicExam(cveTema);
  if (exam.error && !exam.data) return <ListError title={t('exams:topic.load_error')} error={exam.error} onRetry={() => void exam.mutate()} />;
  if (!exam.data) return <ListSkeleton rows={2} />;
  // Re-mount the form when the server's values change (saved, deleted, questions added).
  const data = exam.data;
  return (
    <TopicExamForm
      key={`${data.configurado}-${data.preguntas_banco}-${JSON.stringify(formOf(data))}`}
      exam={data}
      onSaved={(next) => void exam.mutate(next, { revalidate: !next })}
    />
  );
}

function TopicExamForm({ exam, onSaved }: { exam: ExamenTema; onSaved: (next?: ExamenTema) => void }) {
  const { t } = useTranslation(['exams', 'errors', 'common']);
  const { formatNumber } = useFormat();
  const [form, setForm] = useState<ExamenTemaForm>(formOf(exam));
  const [errors, setErrors] = useState<ConfigErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const eLearning = exam.modalidad === 'E_LEARNING';
  const noGrade = exam.modelo_evaluacion === 'ninguno';

  const save = async () => {
    const found = validateConfig(form, exam.preguntas_banco, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await putTopicExam(exam.cve_tema, { ...cleanConfig(form), autoservicio: eLearning && form.autoservicio });
      showSaved();
      onSaved(answer);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await deleteTopicExam(exam.cve_tema);
      showSaved(answer?.resp, t('exams:topic.deleted'));
      setConfirming(false);
      onSaved();
    } catch (error) {
      setConfirming(false);
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {t('exams:topic.title')}
          </Title>
          <Badge variant="light" color={exam.configurado ? 'teal' : 'gray'}>
            {exam.configurado ? t('exams:topic.configured') : t('exams:topic.defaults')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('exams:topic.bank', { count: exam.preguntas_banco, open: exam.abiertas_banco })}
        </Text>
        <Text size="sm">
          {exam.calificacion_minima != null
            ? t('exams:course.pass_mark', {
                mark: formatNumber(exam.calificacion_minima),
                model: t(`exams:models.${exam.modelo_evaluacion}`, { defaultValue: exam.modelo_evaluacion }),
              })
            : t('exams:topic.no_pass_mark')}
        </Text>
        {noGrade && (
          <Text size="sm" c="orange.9">
            {t('errors:examenes.modelo_sin_calificacion')}
          </Text>
        )}
        {exam.preguntas_banco === 0 && (
          <Text size="sm" c="orange.9">
            {t('exams:topic.empty_bank')}
          </Text>
        )}
        <FailureAlert message={failure} />
        <ConfigFields value={form} onChange={(next) => setForm({ ...form, ...next })} bank={exam.preguntas_banco} errors={errors} disabled={exam.preguntas_banco === 0} />
        {eLearning && (
          <Switch
            label={t('exams:topic.autoservicio')}
            description={t('exams:topic.autoservicio_hint')}
            checked={form.autoservicio}
            onChange={(e) => setForm({ ...form, autoservicio: e.currentTarget.checked })}
            disabled={exam.preguntas_banco === 0}
          />
        )}
        <Group justify="flex-end" gap="xs">
          {exam.configurado && (
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)} disabled={busy}>
              {t('exams:topic.delete')}
            </Button>
          )}
          <Button loading={busy} onClick={() => void save()} disabled={exam.preguntas_banco === 0}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
      {confirming && (
        <Modal opened onClose={() => setConfirming(false)} size="sm" title={t('exams:topic.delete')}>
          <Stack gap="sm">
            <Text size="sm">{t('exams:topic.delete_text')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
                {t('common:actions.cancel')}
              </Button>
              <Button color="red" loading={busy} onClick={() => void remove()}>
                {t('exams:topic.delete')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Paper>
  );
}
