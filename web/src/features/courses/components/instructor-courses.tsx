import { Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { showSaved } from '@/components/feedback';
import { FailureAlert } from '@/components/forms';
import { isSessionEnd } from '@/components/forms';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { ApiError } from '@/lib/api/errors';
import { useFormat } from '@/lib/i18n/use-format';
import { INSTRUCTOR_COURSES_KEY, useInstructorCourses } from '../api/instructor-courses';
import { postInstructorComment } from '../api/save-instructor-comment';
import type { CursoInstructor } from '../api/types';

/** The dashboard's list of the instructor's taught courses, with the comments modal. */
export function InstructorCourses() {
  const { t } = useTranslation(['courses', 'common']);
  const { formatDate } = useFormat();
  const courses = useInstructorCourses();
  const [open, setOpen] = useState<CursoInstructor | null>(null);

  let body;
  if (courses.error && !courses.data) body = <ListError title={t('courses:instructor.load_error')} error={courses.error} onRetry={() => void courses.mutate()} />;
  else if (!courses.data) body = <ListSkeleton rows={2} />;
  else if (courses.data.length === 0) body = <EmptyState title={t('courses:instructor.empty')} />;
  else
    body = (
      <Stack gap="xs">
        {courses.data.map((c) => (
          <Group key={c.cve_curso} justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} style={{ flex: '1 1 12rem', minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {c.nombre_nombre_corto || c.nombre}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(c.fecha_curso, 'P')}
              </Text>
            </Stack>
            <Button size="xs" variant="light" leftSection={<IconMessage size={14} aria-hidden />} onClick={() => setOpen(c)}>
              {t('courses:instructor.comments')}
            </Button>
          </Group>
        ))}
      </Stack>
    );

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs" component="section" aria-label={t('courses:instructor.title')}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('courses:instructor.title')}
        </Title>
        {body}
      </Stack>
      <CommentsModal course={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}

/** Spec §4: open courses (curso_cerrado 0) edit comments; closed ones are read-only without Save. */
export function CommentsModal({ course, onClose }: { course: CursoInstructor | null; onClose: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const { mutate } = useSWRConfig();
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const closed = course?.curso_cerrado === '1';
  const value = text ?? course?.comentarios_instructor ?? '';

  const close = () => {
    setText(null);
    setFailure(null);
    setMissing(false);
    onClose();
  };
  const save = async () => {
    if (!course) return;
    if (!value.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postInstructorComment(course.cve_curso, value.trim());
      showSaved(answer?.resp, t('courses:instructor.saved'));
      await mutate(INSTRUCTOR_COURSES_KEY);
      close();
    } catch (error) {
      if (isSessionEnd(error)) return;
      setFailure(error instanceof ApiError && error.resp ? error.resp : t('courses:instructor.save_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={!!course} onClose={close} title={course ? course.nombre_nombre_corto || course.nombre : ''} centered>
      {course && (
        <Stack gap="sm">
          <FailureAlert message={failure} />
          <Textarea
            label={t('courses:instructor.comments')}
            rows={5}
            maxLength={2000}
            readOnly={closed}
            withAsterisk={!closed}
            value={value}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? t('courses:instructor.required') : undefined}
            description={closed ? t('courses:instructor.closed') : undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.close')}
            </Button>
            {!closed && (
              <Button loading={busy} onClick={() => void save()}>
                {t('common:actions.save')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
