import { Alert, Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tabs.css';
import { IconBan, IconCalendarDown, IconEdit, IconLock, IconLockOpen, IconMail } from '@tabler/icons-react';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useScreenChrome } from '@/components/page-chrome';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { hasSection, useSession } from '@/lib/auth/session';
import { useFormat } from '@/lib/i18n/use-format';
import { useCourse } from '../api/get-course';
import { COURSE_TABS, EXAM_SECTION, type CourseTab } from './course-tabs';
import { CourseActionModal, type ConfirmedAction } from './course-action-modals';
import { downloadIcs } from './download-ics';
import { isCancelled, isClosed } from './course-rules';
import { ActivitiesTab } from './tabs/activities-tab';
import { AttendanceTab } from './tabs/attendance-tab';
import { CostsTab, DataTab, SessionsTab } from './tabs/data-tabs';
import { EvaluationTab } from './tabs/evaluation-tab';
import { MeetingTab } from './tabs/meeting-tab';
import { ParticipantsTab } from './tabs/participants-tab';
import { showsSurveyTab } from './tabs/survey-tab-rule';
import { ModalityBadge, StatusBadge } from './modality-badge';

// Only those who see the survey tab load it (its results table stays out of the dashboard).
const SurveyTab = lazy(() => import('./tabs/survey-tab').then((m) => ({ default: m.SurveyTab })));


/** The 'Examen' tab's content, supplied by the app (the exams feature). */
export type CourseExamTabRenderer = (course: { cve_curso: number }, readOnly: boolean) => ReactNode;

/** /menu/curso/:cve_curso: a course with its tabs (`?pestana=`); read-only once closed. */
export function CourseDetailScreen({ examTab }: { examTab?: CourseExamTabRenderer } = {}) {
  const { t } = useTranslation(['courses', 'common']);
  const { user } = useSession();
  const { formatDate } = useFormat();
  const navigate = useNavigate();
  const { cve_curso } = useParams();
  const cve = Number(cve_curso);
  const valid = Number.isInteger(cve) && cve > 0;
  const [params, setParams] = useSearchParams();
  const course = useCourse(valid ? cve : null);
  const [pending, setPending] = useState<ConfirmedAction | null>(null);
  const raw = params.get('pestana');
  const tab: CourseTab = (COURSE_TABS as readonly string[]).includes(raw ?? '') ? (raw as CourseTab) : 'datos';

  useScreenChrome({ onUpdate: () => void course.mutate() });

  if (!valid) return <Alert color="red">{t('courses:detail.not_found')}</Alert>;
  if (course.error && !course.data) return <ListError title={t('courses:detail.load_error')} error={course.error} onRetry={() => void course.mutate()} />;
  if (!course.data) return <ListSkeleton rows={4} />;

  const c = course.data;
  const closed = isClosed(c);
  const cancelled = isCancelled(c);
  const readOnly = closed || cancelled;
  const name = c.nombre_corto || c.nombre_tema;
  const ref = { cve_curso: c.cve_curso, nombre: name };
  const canEdit = c.permisos.editar;
  const changeTab = (next: string | null) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (!next || next === 'datos') p.delete('pestana');
        else p.set('pestana', next);
        return p;
      },
      { replace: true },
    );
  const refresh = () => void course.mutate();
  const showTab = (x: CourseTab) => {
    if (x === 'participantes') return c.permisos.inscribir || c.permisos.evaluar || canEdit;
    if (x === 'asistencia' || x === 'evaluacion') return c.permisos.evaluar;
    if (x === 'costos') return canEdit;
    if (x === 'examen') return !!examTab && hasSection(user, EXAM_SECTION);
    if (x === 'encuesta') return showsSurveyTab();
    return true;
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Text size="xs" c="dimmed" fw={600}>
              {c.abreviatura ? `${c.abreviatura} · ` : ''}
              {t('courses:detail.key', { cve: c.cve_curso })}
            </Text>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Group gap={6} wrap="wrap">
              <ModalityBadge value={c.modalidad} />
              <StatusBadge estatus={c.estatus} cerrado={c.curso_cerrado} />
              <Text size="sm">
                {formatDate(c.fecha_inicio, 'PPP')}
                {c.fecha_fin !== c.fecha_inicio ? ` – ${formatDate(c.fecha_fin, 'PPP')}` : ''}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button size="xs" variant="default" leftSection={<IconCalendarDown size={14} aria-hidden />} onClick={() => void downloadIcs(ref)}>
              {t('courses:actions.ics')}
            </Button>
            {canEdit && !readOnly && (
              <>
                <Button size="xs" variant="default" leftSection={<IconEdit size={14} aria-hidden />} onClick={() => navigate(`/menu/programar_curso?cve_curso=${c.cve_curso}`)}>
                  {t('courses:actions.editar')}
                </Button>
                <Button size="xs" variant="default" leftSection={<IconMail size={14} aria-hidden />} onClick={() => setPending('correo')}>
                  {t('courses:actions.correo')}
                </Button>
                <Button size="xs" leftSection={<IconLock size={14} aria-hidden />} onClick={() => setPending('cerrar')}>
                  {t('courses:actions.cerrar')}
                </Button>
                <Button size="xs" color="red" variant="light" leftSection={<IconBan size={14} aria-hidden />} onClick={() => setPending('cancelar')}>
                  {t('courses:actions.cancelar')}
                </Button>
              </>
            )}
            {canEdit && closed && (
              <Button size="xs" leftSection={<IconLockOpen size={14} aria-hidden />} onClick={() => setPending('abrir')}>
                {t('courses:actions.abrir')}
              </Button>
            )}
          </Group>
        </Group>
        {closed && (
          <Alert mt="sm" color="gray" variant="light" icon={<IconLock size={18} />}>
            <Group gap="xs">
              <Badge color="dark">{t('courses:status.cerrado')}</Badge>
              <Text size="sm">{t('courses:detail.closed_hint')}</Text>
            </Group>
          </Alert>
        )}
        {cancelled && (
          <Alert mt="sm" color="red" variant="light">
            {t('courses:detail.cancelled')}
            {c.motivo_cancelacion ? ` — ${c.motivo_cancelacion}` : ''}
          </Alert>
        )}
        {c.mi_inscripcion && (
          <Text mt="sm" size="sm">
            {c.mi_inscripcion.estatus === 'espera'
              ? t('courses:detail.my_waiting', { n: c.mi_inscripcion.turno_espera ?? '?' })
              : t('courses:detail.my_enrolment')}
          </Text>
        )}
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Tabs value={tab} onChange={changeTab} keepMounted={false}>
          <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
            {COURSE_TABS.filter(showTab).map((x) => (
              <Tabs.Tab key={x} value={x}>
                {t(`courses:tabs.${x}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="datos" pt="md">
            <DataTab course={c} />
          </Tabs.Panel>
          <Tabs.Panel value="sesiones" pt="md">
            <SessionsTab course={c} />
          </Tabs.Panel>
          {showTab('participantes') && (
            <Tabs.Panel value="participantes" pt="md">
              <ParticipantsTab course={c} readOnly={readOnly} onChanged={refresh} />
            </Tabs.Panel>
          )}
          {showTab('asistencia') && (
            <Tabs.Panel value="asistencia" pt="md">
              <AttendanceTab course={c} readOnly={readOnly} onChanged={refresh} />
            </Tabs.Panel>
          )}
          {showTab('evaluacion') && (
            <Tabs.Panel value="evaluacion" pt="md">
              <EvaluationTab course={c} readOnly={readOnly} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="actividades" pt="md">
            <ActivitiesTab course={c} readOnly={readOnly} />
          </Tabs.Panel>
          {showTab('costos') && (
            <Tabs.Panel value="costos" pt="md">
              <CostsTab course={c} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="reunion" pt="md">
            <MeetingTab course={c} readOnly={readOnly} onChanged={refresh} />
          </Tabs.Panel>
          {showTab('examen') && examTab && (
            <Tabs.Panel value="examen" pt="md">
              {examTab(c, readOnly)}
            </Tabs.Panel>
          )}
          {showTab('encuesta') && (
            <Tabs.Panel value="encuesta" pt="md">
              <Suspense fallback={<ListSkeleton rows={2} />}>
                <SurveyTab course={c} readOnly={readOnly} />
              </Suspense>
            </Tabs.Panel>
          )}
        </Tabs>
      </Paper>
      <CourseActionModal action={pending} course={ref} onClose={() => setPending(null)} onDone={refresh} />
    </Stack>
  );
}
