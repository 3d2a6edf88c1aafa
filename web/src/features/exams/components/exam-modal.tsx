import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Progress,
  Radio,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Progress.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconCircleCheck, IconClock, IconHourglass, IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEnd } from '@/components/forms';
import { errorMessage } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { useFormat } from '@/lib/i18n/use-format';
import { fetchExam, postExam, putExamAnswer } from '../api/take-exam';
import { OPEN_ANSWER_MAX, type ExamTarget, type ExamenParticipante, type ResultadoExamen } from '../api/types';
import {
  choose,
  formatClock,
  handInPayload,
  hasProgress,
  isAnswered,
  isMultiple,
  isOpen,
  minutesLeft,
  resumePosition,
  savedAnswers,
  type Answer,
} from './exam-rules';

/** Text answers are saved this long after the last keystroke. */
export const TEXT_SAVE_DELAY_MS = 800;

export interface ExamModalProps {
  target: ExamTarget;
  /** The topic's name, shown until the exam has loaded. */
  title: string;
  onClose: () => void;
  /** The attempt was started or handed in: whoever shows the plan refreshes it. */
  onFinished?: () => void;
}

type Phase = 'intro' | 'questions' | 'result';
type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** The message of a failure from the server's own words when it has a code, else the spec's text. */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.code || error.resp) ? errorMessage(error) : fallback;
}

/**
 * The exam (spec §2 extra-large modal, §4 cycle, §5 rules): intro → one question at a time
 * → result. Every answer is saved as it changes, so a reload resumes the same attempt at its
 * first unanswered question; the server's clock decides, and at 0 the client hands in.
 */
export function ExamModal({ target, title, onClose, onFinished }: ExamModalProps) {
  const { t } = useTranslation(['exams', 'common']);
  const { formatNumber } = useFormat();
  const narrow = useMediaQuery('(max-width: 36em)');
  const [exam, setExam] = useState<ExamenParticipante | null>(null);
  const [loadFailure, setLoadFailure] = useState<{ error: unknown } | null>(null);
  const [phase, setPhase] = useState<Phase>('intro');
  const [answers, setAnswers] = useState<Answer[]>([]);
  const [index, setIndex] = useState(0);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [remaining, setRemaining] = useState<number | null>(null);
  const [result, setResult] = useState<ResultadoExamen | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [deadline, setDeadline] = useState<number | null>(null);

  const answersRef = useRef<Answer[]>([]);
  const examRef = useRef<ExamenParticipante | null>(null);
  const failed = useRef(new Set<number>());
  const textTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const queue = useRef<Promise<void>>(Promise.resolve());
  const handedIn = useRef(false);
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { cve_empleado, cve_curso, cve_tema } = target;

  // Load (the first GET starts the attempt; later ones return it with its saved answers).
  useEffect(() => {
    let alive = true;
    fetchExam({ cve_empleado, cve_curso, cve_tema }).then(
      (answer) => {
        if (!alive) return;
        const restored = savedAnswers(answer.preguntas);
        examRef.current = answer;
        answersRef.current = restored;
        started.current = true;
        const seconds = answer.detalle.segundos_restantes;
        setDeadline(seconds == null ? null : Date.now() + seconds * 1000);
        setExam(answer);
        setAnswers(restored);
        setRemaining(seconds);
        setLoadFailure(null);
        if (hasProgress(answer.preguntas, restored)) {
          setIndex(resumePosition(answer.preguntas, restored));
          setPhase('questions');
        } else {
          setPhase('intro');
        }
      },
      (error: unknown) => {
        if (!alive || isSessionEnd(error)) return;
        setLoadFailure({ error });
      },
    );
    return () => {
      alive = false;
    };
  }, [cve_empleado, cve_curso, cve_tema, reload]);

  useEffect(() => {
    const timers = textTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  // Move the focus to the question's heading when the question changes (keyboard, readers).
  useEffect(() => {
    if (phase === 'questions') heading.current?.focus();
  }, [phase, index]);

  /** Saves one answer, and again every answer whose save failed before (sent in order). */
  const save = useCallback(
    (position: number) => {
      const current = examRef.current;
      if (!current || handedIn.current) return;
      const positions = [...new Set([...failed.current, position])].sort((a, b) => a - b);
      setSaveState('saving');
      queue.current = queue.current.then(async () => {
        if (handedIn.current) return;
        let ok = true;
        for (const p of positions) {
          const question = current.preguntas[p];
          const answer = answersRef.current[p];
          if (!question || !answer) continue;
          try {
            await putExamAnswer(
              { cve_empleado, cve_curso, cve_tema },
              isOpen(question) ? { pregunta: p, respuesta: answer.texto } : { pregunta: p, seleccion: answer.seleccion },
            );
            failed.current.delete(p);
          } catch (error) {
            if (isSessionEnd(error)) return;
            failed.current.add(p);
            ok = false;
          }
        }
        if (!handedIn.current) setSaveState(ok && failed.current.size === 0 ? 'saved' : 'error');
      });
    },
    [cve_empleado, cve_curso, cve_tema],
  );

  const update = (position: number, next: Answer, debounce: boolean) => {
    const all = answersRef.current.map((a, i) => (i === position ? next : a));
    answersRef.current = all;
    setAnswers(all);
    const pending = textTimers.current.get(position);
    if (pending) clearTimeout(pending);
    if (debounce) {
      textTimers.current.set(
        position,
        setTimeout(() => {
          textTimers.current.delete(position);
          save(position);
        }, TEXT_SAVE_DELAY_MS),
      );
    } else {
      save(position);
    }
  };

  const handIn = useCallback(async () => {
    const current = examRef.current;
    if (!current || handedIn.current) return;
    handedIn.current = true;
    textTimers.current.forEach((timer) => clearTimeout(timer));
    textTimers.current.clear();
    setSubmitting(true);
    setSubmitError(null);
    try {
      const answer = await postExam({ cve_empleado, cve_curso, cve_tema }, handInPayload(current.preguntas, answersRef.current));
      setResult(answer);
      setPhase('result');
    } catch (error) {
      handedIn.current = false;
      if (!isSessionEnd(error)) setSubmitError(failureText(error, t('exams:take.save_error')));
    } finally {
      setSubmitting(false);
    }
  }, [cve_empleado, cve_curso, cve_tema, t]);

  // The countdown: from the server's seconds left; at 0 the client hands in.
  const timed = exam !== null && deadline !== null && phase !== 'result';
  useEffect(() => {
    if (!timed || deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left <= 0) {
        clearInterval(id);
        void handIn();
      }
    };
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [timed, deadline, handIn]);

  const close = () => {
    // Text typed just before closing is still saved.
    textTimers.current.forEach((timer, position) => {
      clearTimeout(timer);
      save(position);
    });
    textTimers.current.clear();
    if (started.current) onFinished?.();
    onClose();
  };

  const questions = exam?.preguntas ?? [];
  const question = questions[index];
  const answer = answers[index];
  const last = index === questions.length - 1;
  const answered = question ? isAnswered(question, answer) : false;
  const detalle = exam?.detalle;
  const loadError = loadFailure ? failureText(loadFailure.error, t('exams:take.load_error')) : null;

  return (
    <Modal
      opened
      onClose={close}
      size="xl"
      fullScreen={!!narrow}
      closeOnClickOutside={false}
      title={
        <Text fw={700} component="span">
          {detalle?.nombre_tema ?? title}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('exams:take.close') }}
    >
      {!exam && !loadError && (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label={t('exams:take.loading')} />
        </Group>
      )}
      {loadError && (
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('exams:take.load_error')}>
            {loadError !== t('exams:take.load_error') ? loadError : null}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.close')}
            </Button>
            <Button
              onClick={() => {
                setLoadFailure(null);
                setReload((n) => n + 1);
              }}
            >
              {t('exams:take.retry')}
            </Button>
          </Group>
        </Stack>
      )}
      {exam && detalle && (
        <Stack gap="md">
          {remaining !== null && phase !== 'result' && <Countdown seconds={remaining} />}

          {phase === 'intro' && (
            <Stack gap="sm">
              {detalle.descripcion_examen && <Text style={{ whiteSpace: 'pre-line' }}>{detalle.descripcion_examen}</Text>}
              <Group gap="xs" wrap="wrap">
                <Badge variant="light">{t('exams:take.attempt', { n: detalle.intento, m: detalle.intentos })}</Badge>
                <Badge variant="light" color="gray">
                  {t('exams:take.questions', { count: questions.length })}
                </Badge>
                <Badge variant="light" color="gray">
                  {detalle.tiempo_estimado > 0 ? t('exams:take.time_limit', { count: detalle.tiempo_estimado }) : t('exams:take.no_limit')}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t('exams:take.intro_hint')}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('exams:take.later')}
                </Button>
                <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => setPhase('questions')} data-autofocus>
                  {t('exams:take.start')}
                </Button>
              </Group>
            </Stack>
          )}

          {phase === 'questions' && question && answer && (
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={3} size="h5" ref={heading} tabIndex={-1} style={{ outlineOffset: 2 }}>
                  {t('exams:take.progress', { n: index + 1, total: questions.length })}
                </Title>
                <Progress value={((index + 1) / questions.length) * 100} size="sm" aria-hidden />
              </Stack>
              <QuestionInput
                key={index}
                position={index}
                question={question}
                answer={answer}
                onChange={(next, debounce) => update(index, next, debounce)}
              />
              <SaveStatus state={saveState} />
              {submitError && (
                <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
                  {submitError}
                </Alert>
              )}
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                  disabled={index === 0 || submitting}
                  onClick={() => setIndex((i) => Math.max(0, i - 1))}
                >
                  {t('exams:take.previous')}
                </Button>
                {last ? (
                  <Button
                    rightSection={<IconSend size={16} aria-hidden />}
                    disabled={!answered}
                    loading={submitting}
                    onClick={() => void handIn()}
                  >
                    {t('exams:take.submit')}
                  </Button>
                ) : (
                  <Button rightSection={<IconArrowRight size={16} aria-hidden />} disabled={!answered} onClick={() => setIndex((i) => i + 1)}>
                    {t('exams:take.next')}
                  </Button>
                )}
              </Group>
            </Stack>
          )}

          {phase === 'result' && result && (
            <ResultPanel result={result} formatGrade={(n) => formatNumber(n, { maximumFractionDigits: 1 })} onClose={close} />
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The visible clock, and a polite announcement only when the minute changes. */
function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation('exams');
  const low = seconds <= 60;
  return (
    <Group gap={6} justify="flex-end">
      <ThemeIcon variant="light" color={low ? 'red' : 'blue'} size="sm" aria-hidden>
        <IconClock size={14} />
      </ThemeIcon>
      <Text size="sm" fw={700} c={low ? 'red.9' : undefined} role="timer" aria-label={t('exams:take.time_left_label')} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatClock(seconds)}
      </Text>
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {t('exams:take.minutes_left', { count: minutesLeft(seconds) })}
      </VisuallyHidden>
    </Group>
  );
}

/** Options (one or several) or the text box of the current question. */
function QuestionInput({
  position,
  question,
  answer,
  onChange,
}: {
  position: number;
  question: ExamenParticipante['preguntas'][number];
  answer: Answer;
  onChange: (next: Answer, debounce: boolean) => void;
}) {
  const { t } = useTranslation('exams');
  const label = (
    <Text fw={600} component="span" style={{ whiteSpace: 'pre-line' }}>
      {question.label}
    </Text>
  );
  if (isOpen(question)) {
    return (
      <Textarea
        label={label}
        description={t('exams:take.open_hint', { max: OPEN_ANSWER_MAX })}
        rows={6}
        maxLength={OPEN_ANSWER_MAX}
        value={answer.texto}
        onChange={(e) => onChange({ ...answer, texto: e.currentTarget.value }, true)}
      />
    );
  }
  if (isMultiple(question.tipo_pregunta)) {
    return (
      <Checkbox.Group
        label={label}
        description={t('exams:take.multiple_hint')}
        value={answer.seleccion.map(String)}
        onChange={(values) => {
          // Toggle by the difference so the order stays the options' order.
          const next = question.respuestas.flatMap((_, i) => (values.includes(String(i)) ? [i] : []));
          onChange({ ...answer, seleccion: next }, false);
        }}
      >
        <Stack gap="xs" mt="xs">
          {question.respuestas.map((r, i) => (
            <Checkbox key={`${position}-${i}`} value={String(i)} label={r.label} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  return (
    <Radio.Group
      label={label}
      description={t('exams:take.single_hint')}
      value={answer.seleccion.length > 0 ? String(answer.seleccion[0]) : null}
      onChange={(value) => onChange({ ...answer, seleccion: choose(question, answer.seleccion, Number(value)) }, false)}
    >
      <Stack gap="xs" mt="xs">
        {question.respuestas.map((r, i) => (
          <Radio key={`${position}-${i}`} value={String(i)} label={r.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The quiet autosave state; a failure says so (spec §8) until the next change saves. */
function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation('exams');
  if (state === 'error') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} py={6}>
        {t('exams:take.save_error')}
      </Alert>
    );
  }
  return (
    <Text size="xs" c="dimmed" aria-live="off" mih={18}>
      {state === 'saving' ? t('exams:take.saving') : state === 'saved' ? t('exams:take.saved') : ''}
    </Text>
  );
}

/** Spec §8 result messages with the grade; open answers still await the instructor. */
function ResultPanel({ result, formatGrade, onClose }: { result: ResultadoExamen; formatGrade: (n: number) => string; onClose: () => void }) {
  const { t } = useTranslation(['exams', 'common']);
  const grade = result.calificacion != null ? t('exams:result.grade', { grade: formatGrade(result.calificacion) }) : null;
  const passed = result.acreditado && !result.pendiente_revision;
  const color = result.pendiente_revision ? 'blue' : passed ? 'teal' : 'orange';
  const Icon = result.pendiente_revision ? IconHourglass : passed ? IconCircleCheck : IconAlertTriangle;
  const message = result.pendiente_revision
    ? t('exams:result.pending')
    : passed
      ? t('exams:result.passed')
      : t('exams:result.failed', { n: result.int_rest });
  return (
    <Stack gap="md" role="status">
      <Alert color={color} variant="light" icon={<Icon size={20} aria-hidden />} title={message}>
        <Stack gap={4}>
          {grade && !result.pendiente_revision && <Text fw={700}>{grade}</Text>}
          {result.fuera_de_tiempo && <Text size="sm">{t('exams:result.late')}</Text>}
        </Stack>
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('common:actions.close')}
        </Button>
      </Group>
    </Stack>
  );
}
