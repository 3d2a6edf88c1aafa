import { Alert, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useCourse } from '../api/get-course';
import { useCourseValues } from '../api/get-course-values';
import { useDateRequest } from '../api/get-date-request';
import { courseToValues, emptyCourseValues, requestToValues } from './course-form-schema';
import { CourseForm } from './course-form';
import { isCancelled, isClosed } from './course-rules';

function idParam(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /menu/programar_curso: a new course; `?cve_curso=` edits one, `?copiar=` copies one and
 * `?solicitud=` answers a course-date request (prefilled from it).
 */
export function CourseScheduleScreen() {
  const { t } = useTranslation(['courses', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editing = idParam(params.get('cve_curso'));
  const copying = idParam(params.get('copiar'));
  const requestId = idParam(params.get('solicitud'));
  const source = useCourse(editing ?? copying);
  const request = useDateRequest(editing || copying ? null : requestId);
  const topicOfSource = source.data?.cve_tema ?? request.data?.cve_tema ?? null;
  const topic = useCourseValues(topicOfSource);

  const back = () => navigate(editing ? `/menu/curso/${editing}` : '/menu/grid_cursos');
  const failed = source.error ?? request.error;
  if (failed) {
    return (
      <ListError
        title={t('courses:form.load_error')}
        error={failed}
        onRetry={() => {
          void source.mutate();
          void request.mutate();
        }}
      />
    );
  }
  const waiting =
    ((editing || copying) && !source.data) ||
    (requestId && !editing && !copying && !request.data) ||
    (topicOfSource && !topic.data && topic.error === undefined);
  if (waiting) return <ListSkeleton rows={4} />;

  if (editing && source.data && (isClosed(source.data) || isCancelled(source.data))) {
    return (
      <Alert color="yellow" role="alert" title={t('courses:form.read_only_title')}>
        {isCancelled(source.data) ? t('courses:detail.cancelled') : t('courses:detail.closed_hint')}
      </Alert>
    );
  }

  const initial = source.data ? courseToValues(source.data, !!copying) : request.data ? requestToValues(request.data) : emptyCourseValues();
  const key = `${editing ?? ''}-${copying ?? ''}-${requestId ?? ''}`;
  return (
    <Stack gap="md">
      {request.data && !editing && !copying && (
        <Paper withBorder radius="md" p="sm" bg="blue.0">
          <Text size="sm" fw={600}>
            {t('courses:form.from_request', { name: request.data.nombre_solicitante, topic: request.data.nombre_tema })}
          </Text>
          <Text size="sm">
            {t('courses:form.request_people', { count: request.data.participantes })}
            {request.data.empleados.length > 0 && `: ${request.data.empleados.map((e) => e.nombre_empleado).join(', ')}`}
          </Text>
          {request.data.comentario && <Text size="sm">“{request.data.comentario}”</Text>}
        </Paper>
      )}
      {copying && source.data && (
        <Alert color="blue" variant="light">
          {t('courses:form.copy_hint', { name: source.data.nombre_corto || source.data.nombre_tema })}
        </Alert>
      )}
      <CourseForm
        key={key}
        initial={initial}
        editing={editing}
        copiaDe={copying}
        cveSolicitudCurso={request.data && !editing && !copying ? request.data.cve_solicitud_curso : null}
        initialTopic={topic.data ?? null}
        inscritos={editing ? (source.data?.inscritos ?? 0) : 0}
        onSaved={(cve) => navigate(`/menu/curso/${cve}`)}
        onCancel={back}
      />
    </Stack>
  );
}
