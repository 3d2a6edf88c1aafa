import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Table.css';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconSparkles, IconTrash, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { errorMessage } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { hasSection, useSession } from '@/lib/auth/session';
import { useFormat } from '@/lib/i18n/use-format';
import {
  deleteCourseExam,
  postAssignExam,
  postExamActivation,
  postGenerateExam,
  putCourseExam,
  useCourseExam,
} from '../api/course-exam';
import type { EstadoExamen, EstadoParticipanteExamen, ExamenConfig, ExamenCurso } from '../api/types';
import { ConfigFields } from './config-fields';
import { cleanConfig, validateConfig, type ConfigErrors } from './config-rules';
import { ExamResults } from './exam-results';

/** Section that shows a course exam's statistics and results. */
export const RESULTS_SECTION = 'cursos.examenes_resultados';

const STATE_COLORS: Record<EstadoExamen, string> = { generado: 'gray', asignado: 'blue', activo: 'teal', inactivo: 'orange' };
const PARTICIPANT_COLORS: Record<EstadoParticipanteExamen, string> = {
  sin_presentar: 'gray',
  en_curso: 'blue',
  por_revisar: 'grape',
  aprobado: 'teal',
  no_aprobado: 'red',
};

/**
 * 'Examen' tab of a course (spec §4: generated, assigned, activated, deleted; only the
 * instructor activates): the generate form, the exam's state and actions, who takes it, and
 * — with `cursos.examenes_resultados` — its statistics and results.
 */
export function CourseExamTab({ cveCurso, readOnly }: { cveCurso: number; readOnly: boolean }) {
  const { t } = useTranslation(['exams', 'common']);
  const { user } = useSession();
  const exam = useCourseExam(cveCurso);
  if (exam.error && !exam.data) return <ListError title={t('exams:course.load_error')} error={exam.error} onRetry={() => void exam.mutate()} />;
  if (!exam.data) return <ListSkeleton rows={3} />;
  const data = exam.data;
  const locked = readOnly || !data.curso_abierto;
  const refresh = (next?: ExamenCurso) => void exam.mutate(next, { revalidate: !next });
  return (
    <Stack gap="md">
      {!data.existe ? (
        <GeneratePanel exam={data} cveCurso={cveCurso} locked={locked} onDone={refresh} />
      ) : (
        <ExamPanel exam={data} cveCurso={cveCurso} locked={locked} onDone={refresh} />
      )}
      {data.existe && hasSection(user, RESULTS_SECTION) && <ExamResults cveCurso={cveCurso} />}
    </Stack>
  );
}

/** No exam yet: the form prefilled with the topic's definition (or the defaults). */
function GeneratePanel({ exam, cveCurso, locked, onDone }: { exam: ExamenCurso; cveCurso: number; locked: boolean; onDone: (next: ExamenCurso) => void }) {
  const { t } = useTranslation(['exams', 'errors', 'common']);
  const [config, setConfig] = useState<ExamenConfig>({
    ...exam.config,
    num_preguntas: Math.min(exam.config.num_preguntas, Math.max(1, exam.preguntas_banco)),
  });
  const [errors, setErrors] = useState<ConfigErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const noQuestions = exam.preguntas_banco === 0;
  const noGrade = exam.modelo_evaluacion === 'ninguno';

  const generate = async () => {
    const found = validateConfig(config, exam.preguntas_banco, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postGenerateExam(cveCurso, cleanConfig(config));
      showSaved(undefined, t('exams:course.generated'));
      onDone(answer);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('exams:course.no_exam')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('exams:course.generate_hint', { count: exam.preguntas_banco })}
        </Text>
        {noQuestions && <Alert color="orange">{t('errors:examenes.sin_preguntas')}</Alert>}
        {noGrade && <Alert color="orange">{t('errors:examenes.modelo_sin_calificacion')}</Alert>}
        <FailureAlert message={failure} />
        {!noQuestions && !noGrade && (
          <>
            <ConfigFields value={config} onChange={setConfig} bank={exam.preguntas_banco} errors={errors} disabled={locked} />
            {!locked && (
              <Group justify="flex-end">
                <Button leftSection={<IconSparkles size={16} aria-hidden />} loading={busy} onClick={() => void generate()}>
                  {t('exams:course.generate')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

type Pending = 'edit' | 'assign' | 'delete' | null;

/** The course's exam: state, pass mark, actions and who takes it. */
function ExamPanel({ exam, cveCurso, locked, onDone }: { exam: ExamenCurso; cveCurso: number; locked: boolean; onDone: (next?: ExamenCurso) => void }) {
  const { t } = useTranslation(['exams', 'common']);
  const { formatNumber } = useFormat();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const estado = exam.estado ?? 'generado';
  const attempted = exam.participantes.some((p) => p.intentos_usados > 0);

  const activation = async (active: boolean) => {
    setBusy(active ? 'activar' : 'desactivar');
    setFailure(null);
    try {
      const answer = await postExamActivation(cveCurso, active);
      showSaved(undefined, active ? t('exams:course.activated') : t('exams:course.deactivated'));
      onDone(answer);
    } catch (error) {
      // 403 examenes.sin_permiso_asignar: only the course's instructor activates (spec §6).
      setFailure(failureMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={3} size="h5">
                {t('exams:course.title')}
              </Title>
              <Badge color={STATE_COLORS[estado]} variant="light">
                {t(`exams:states.${estado}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t('exams:course.summary', {
                n: exam.config.num_preguntas,
                bank: exam.preguntas_banco,
                attempts: exam.config.intentos,
              })}
              {' · '}
              {exam.config.tiempo_estimado > 0 ? t('exams:take.time_limit', { count: exam.config.tiempo_estimado }) : t('exams:take.no_limit')}
            </Text>
            {exam.calificacion_minima != null && (
              <Text size="sm">
                {t('exams:course.pass_mark', { mark: formatNumber(exam.calificacion_minima), model: t(`exams:models.${exam.modelo_evaluacion}`, { defaultValue: exam.modelo_evaluacion }) })}
              </Text>
            )}
          </Stack>
          {!locked && (
            <Group gap="xs" wrap="wrap">
              <Button size="xs" variant="default" leftSection={<IconEdit size={14} aria-hidden />} onClick={() => setPending('edit')}>
                {t('exams:course.edit')}
              </Button>
              <Button size="xs" variant="default" leftSection={<IconUsersPlus size={14} aria-hidden />} onClick={() => setPending('assign')}>
                {t('exams:course.assign')}
              </Button>
              {estado === 'activo' ? (
                <Button size="xs" color="orange" leftSection={<IconPlayerPause size={14} aria-hidden />} loading={busy === 'desactivar'} onClick={() => void activation(false)}>
                  {t('exams:course.deactivate')}
                </Button>
              ) : (
                <Button size="xs" leftSection={<IconPlayerPlay size={14} aria-hidden />} loading={busy === 'activar'} onClick={() => void activation(true)}>
                  {t('exams:course.activate')}
                </Button>
              )}
              <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => setPending('delete')}>
                {t('exams:course.delete')}
              </Button>
            </Group>
          )}
        </Group>
        {!locked && !exam.es_instructor && (
          <Text size="xs" c="dimmed">
            {t('exams:course.instructor_only')}
          </Text>
        )}
        <FailureAlert message={failure} />
        <ParticipantsTable exam={exam} />
      </Stack>
      {pending === 'edit' && (
        <EditModal exam={exam} cveCurso={cveCurso} lockQuestions={attempted} onClose={() => setPending(null)} onDone={onDone} />
      )}
      {pending === 'assign' && <AssignModal exam={exam} cveCurso={cveCurso} onClose={() => setPending(null)} onDone={onDone} />}
      {pending === 'delete' && <DeleteModal cveCurso={cveCurso} onClose={() => setPending(null)} onDone={() => onDone()} />}
    </Paper>
  );
}

/** Who takes the exam, with their attempts, state and grade. */
function ParticipantsTable({ exam }: { exam: ExamenCurso }) {
  const { t } = useTranslation(['exams', 'common']);
  const { formatNumber } = useFormat();
  if (exam.participantes.length === 0) return <Text c="dimmed">{t('exams:course.no_participants')}</Text>;
  return (
    <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label={t('exams:course.participants')}>
      <Table striped aria-label={t('exams:course.participants')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('exams:course.participant')}</Table.Th>
            <Table.Th>{t('exams:course.assigned')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('exams:course.attempts')}</Table.Th>
            <Table.Th>{t('exams:course.state')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('exams:course.grade')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {exam.participantes.map((p) => (
            <Table.Tr key={p.cve_empleado}>
              <Table.Td>{p.nombre}</Table.Td>
              <Table.Td>{p.asignado ? t('common:yes') : t('common:no')}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{`${p.intentos_usados}/${exam.config.intentos}`}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={PARTICIPANT_COLORS[p.estado]}>
                  {t(`exams:participant_states.${p.estado}`)}
                </Badge>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{p.calificacion == null ? '—' : formatNumber(p.calificacion, { maximumFractionDigits: 1 })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function EditModal({
  exam,
  cveCurso,
  lockQuestions,
  onClose,
  onDone,
}: {
  exam: ExamenCurso;
  cveCurso: number;
  lockQuestions: boolean;
  onClose: () => void;
  onDone: (next: ExamenCurso) => void;
}) {
  const { t } = useTranslation(['exams', 'common']);
  const [config, setConfig] = useState<ExamenConfig>(exam.config);
  const [errors, setErrors] = useState<ConfigErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = async () => {
    const found = validateConfig(config, exam.preguntas_banco, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const body: Partial<ExamenConfig> = cleanConfig(config);
      if (lockQuestions) delete body.num_preguntas;
      const answer = await putCourseExam(cveCurso, body);
      showSaved();
      onDone(answer);
      onClose();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} size="lg" title={t('exams:course.edit_title')}>
      <Stack gap="sm">
        <FailureAlert message={failure} />
        {lockQuestions && (
          <Text size="xs" c="dimmed">
            {t('exams:course.questions_locked')}
          </Text>
        )}
        <ConfigFields value={config} onChange={setConfig} bank={exam.preguntas_banco} errors={errors} lockQuestions={lockQuestions} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void save()}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Asignar a participantes': everyone enrolled, or the ones picked. */
function AssignModal({ exam, cveCurso, onClose, onDone }: { exam: ExamenCurso; cveCurso: number; onClose: () => void; onDone: (next: ExamenCurso) => void }) {
  const { t } = useTranslation(['exams', 'common']);
  const [mode, setMode] = useState<'todos' | 'algunos'>('todos');
  const [picked, setPicked] = useState<string[]>(exam.participantes.filter((p) => p.asignado).map((p) => String(p.cve_empleado)));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const assign = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postAssignExam(cveCurso, mode === 'todos' ? undefined : picked.map(Number));
      showSaved(undefined, t('exams:course.assigned_done'));
      onDone(answer);
      onClose();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} size="md" title={t('exams:course.assign')}>
      <Stack gap="sm">
        <FailureAlert message={failure} />
        <Radio.Group value={mode} onChange={(v) => setMode(v === 'algunos' ? 'algunos' : 'todos')} label={t('exams:course.assign_to')}>
          <Stack gap="xs" mt="xs">
            <Radio value="todos" label={t('exams:course.assign_all', { count: exam.participantes.length })} />
            <Radio value="algunos" label={t('exams:course.assign_some')} disabled={exam.participantes.length === 0} />
          </Stack>
        </Radio.Group>
        {mode === 'algunos' && (
          <Checkbox.Group value={picked} onChange={setPicked} label={t('exams:course.participants')}>
            <Stack gap={6} mt="xs" mah={280} style={{ overflowY: 'auto' }}>
              {exam.participantes.map((p) => (
                <Checkbox key={p.cve_empleado} value={String(p.cve_empleado)} label={p.nombre} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button loading={busy} disabled={mode === 'algunos' && picked.length === 0} onClick={() => void assign()}>
            {t('exams:course.assign_confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DeleteModal({ cveCurso, onClose, onDone }: { cveCurso: number; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['exams', 'common']);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await deleteCourseExam(cveCurso);
      showSaved(answer?.resp, t('exams:course.deleted'));
      onDone();
      onClose();
    } catch (error) {
      setFailure(error instanceof ApiError ? errorMessage(error) : failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} size="sm" title={t('exams:course.delete_title')}>
      <Stack gap="sm">
        <Text size="sm">{t('exams:course.delete_text')}</Text>
        <FailureAlert message={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void remove()}>
            {t('exams:course.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
