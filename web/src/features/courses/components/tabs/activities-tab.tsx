import { Anchor, Button, FileInput, Group, NumberInput, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage, numberOrNull } from '@/components/forms';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useFormat } from '@/lib/i18n/use-format';
import { useActivities } from '../../api/get-activities';
import { putSubmissionGrade } from '../../api/grade-submission';
import { postActivitySubmission, type ActivitySubmission } from '../../api/submit-activity';
import type { ActividadCurso, CursoDetalle, EntregaActividad } from '../../api/types';

function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** 'Actividades': the course's activities, their submissions and their grades. */
export function ActivitiesTab({ course, readOnly }: { course: CursoDetalle; readOnly: boolean }) {
  const { t } = useTranslation(['courses', 'common']);
  const { formatDate } = useFormat();
  const list = useActivities(course.cve_curso);
  if (list.error && !list.data) return <ListError title={t('courses:activities.load_error')} error={list.error} onRetry={() => void list.mutate()} />;
  if (!list.data) return <ListSkeleton rows={2} />;
  if (list.data.length === 0) return <EmptyState title={t('courses:activities.empty')} />;
  const canGrade = !readOnly && course.permisos.evaluar;
  const canSubmit = !readOnly && !course.permisos.evaluar && course.mi_inscripcion?.estatus === 'inscrito';
  return (
    <Stack gap="sm">
      {list.data.map((a) => (
        <Paper key={a.id_actividad_curso} withBorder radius="md" p="sm">
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap">
              <Text fw={600}>{a.titulo}</Text>
              {a.fecha_entrega && <Text size="xs">{t('courses:activities.due', { date: formatDate(a.fecha_entrega, 'P') })}</Text>}
            </Group>
            {a.descripcion && <Text size="sm">{a.descripcion}</Text>}
            <Text size="xs" c="dimmed">
              {t('courses:activities.submissions', { count: a.entregas.length })}
            </Text>
            {a.entregas.map((e) => (
              <Submission key={e.id_entrega} entrega={e} canGrade={canGrade} onSaved={() => void list.mutate()} />
            ))}
            {canSubmit && <SubmitForm activity={a} onSaved={() => void list.mutate()} />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Submission({ entrega: e, canGrade, onSaved }: { entrega: EntregaActividad; canGrade: boolean; onSaved: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const [grade, setGrade] = useState<number | null>(e.calificacion ?? null);
  const [comment, setComment] = useState(e.comentario ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valid = grade !== null && grade >= 0 && grade <= 100;
  const link = safeUrl(e.texto);
  const save = async () => {
    if (!valid) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await putSubmissionGrade(e.id_entrega, grade, comment.trim());
      showSaved(answer?.resp);
      onSaved();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="sm" p="xs" bg="gray.0">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {e.nombre_empleado ?? t('courses:activities.mine')}
        </Text>
        {e.texto && (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {e.texto}
          </Text>
        )}
        {link && (
          <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm">
            {t('courses:activities.open')}
          </Anchor>
        )}
        <FailureAlert message={failure} />
        {canGrade ? (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <NumberInput
              size="xs"
              w={110}
              label={t('courses:activities.grade')}
              min={0}
              max={100}
              clampBehavior="none"
              value={grade ?? ''}
              onChange={(v) => setGrade(numberOrNull(v))}
              error={grade !== null && !valid ? t('courses:form.errors.range', { min: 0, max: 100 }) : undefined}
            />
            <TextInput size="xs" label={t('courses:activities.comment')} maxLength={500} value={comment} onChange={(ev) => setComment(ev.currentTarget.value)} style={{ flex: '1 1 10rem' }} />
            <Button size="xs" disabled={!valid} loading={busy} onClick={() => void save()}>
              {t('common:actions.save')}
            </Button>
          </Group>
        ) : (
          e.calificacion != null && <Text size="sm">{t('courses:activities.graded', { grade: e.calificacion })}</Text>
        )}
      </Stack>
    </Paper>
  );
}

const MAX_BYTES = 8 * 1024 * 1024;

/** A participant's hand-in: text (within the limit), a file or image (≤ 8 MB), or a link. */
function SubmitForm({ activity, onSaved }: { activity: ActividadCurso; onSaved: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const kind = activity.tipo_evidencia === 'archivo' || activity.tipo_evidencia === 'imagen' ? 'archivo' : activity.tipo_evidencia === 'enlace' ? 'enlace' : 'texto';
  const [texto, setTexto] = useState('');
  const [archivo, setArchivo] = useState<File | null>(null);
  const [enlace, setEnlace] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const limit = activity.limite_caracteres && activity.limite_caracteres > 0 ? activity.limite_caracteres : 5000;
  const problem =
    kind === 'texto'
      ? !texto.trim()
      : kind === 'archivo'
        ? !archivo || archivo.size > MAX_BYTES
        : !/^https?:\/\/\S+$/i.test(enlace.trim());
  const send = async () => {
    if (problem) return;
    const entrega: ActivitySubmission =
      kind === 'texto' ? { texto: texto.trim() } : kind === 'archivo' ? { archivo: archivo as File } : { enlace: enlace.trim() };
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postActivitySubmission(activity.id_actividad_curso, entrega);
      showSaved(answer?.resp, t('courses:activities.sent'));
      onSaved();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={6}>
      <FailureAlert message={failure} />
      {kind === 'texto' && (
        <Textarea
          label={t('courses:activities.answer')}
          description={t('courses:activities.limit', { n: limit })}
          maxLength={limit}
          rows={4}
          value={texto}
          onChange={(e) => setTexto(e.currentTarget.value)}
        />
      )}
      {kind === 'archivo' && (
        <FileInput
          label={t('courses:activities.file')}
          description={t('courses:attendance.signed_hint')}
          accept={activity.tipo_evidencia === 'imagen' ? 'image/png,image/jpeg' : undefined}
          value={archivo}
          onChange={setArchivo}
          clearable
          error={archivo && archivo.size > MAX_BYTES ? t('courses:attendance.too_big') : undefined}
        />
      )}
      {kind === 'enlace' && (
        <TextInput type="url" label={t('courses:activities.link')} placeholder="https://" value={enlace} onChange={(e) => setEnlace(e.currentTarget.value)} />
      )}
      <Group justify="flex-end">
        <Button size="xs" disabled={problem} loading={busy} onClick={() => void send()}>
          {t('courses:activities.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
