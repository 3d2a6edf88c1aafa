import { Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendar, IconCertificateOff } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError } from '@/components/states/list-states';
import { FOLLOW_UP_KEY, useFollowUp } from '../api/follow-up';
import { Dc3CoursesTable } from './dc3-courses-table';
import { Dc3CourseDetail } from './dc3-course-detail';
import { SummaryCards } from './dc3-parts';
import { courseFrom, courseLinkId, sortCourses, summarize, yearFrom, yearOptions } from './follow-up-rules';

/** The address's parameters: the year shown and the course whose participants are open. */
const YEAR_PARAM = 'anio';
const COURSE_PARAM = 'curso';

/**
 * /menu/constancias_dc3: the DC-3s owed by the closed courses of a year (late ones first),
 * with the year's summary; a course's participants open below the list (`?curso=`), where
 * each DC-3 and course certificate is downloaded and the pending ones e-mailed.
 */
export function Dc3FollowUpScreen() {
  const { t } = useTranslation(['certificates', 'common']);
  const [params, setParams] = useSearchParams();
  const currentYear = new Date().getFullYear();
  const anio = yearFrom(params.get(YEAR_PARAM), currentYear);
  const cveCurso = courseFrom(params.get(COURSE_PARAM));
  const list = useFollowUp(anio);
  const { mutate } = useSWRConfig();
  // Set when the user picks a course: its participants take the focus once they show.
  const [focusDetail, setFocusDetail] = useState(false);

  const refresh = useCallback(() => mutate((key) => Array.isArray(key) && key[0] === FOLLOW_UP_KEY), [mutate]);
  useScreenChrome({ onUpdate: refresh });

  const courses = useMemo(() => sortCourses(list.data ?? []), [list.data]);
  const summary = useMemo(() => summarize(list.data ?? []), [list.data]);
  const years = yearOptions(Math.max(currentYear, anio)).map((y) => ({ value: String(y), label: String(y) }));

  const chooseYear = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(YEAR_PARAM, value);
        next.delete(COURSE_PARAM);
        return next;
      },
      { replace: true },
    );
  const courseLink = (cve: number) => {
    const next = new URLSearchParams(params);
    next.set(YEAR_PARAM, String(anio));
    next.set(COURSE_PARAM, String(cve));
    return `?${next.toString()}`;
  };
  const closeDetail = () => {
    const closing = cveCurso;
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete(COURSE_PARAM);
      return next;
    });
    // The focus goes back to the course's link (when the year's list shows it).
    if (closing !== null) requestAnimationFrame(() => document.getElementById(courseLinkId(closing))?.focus());
  };
  const onFocused = useCallback(() => setFocusDetail(false), []);

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" maw={720} style={{ flex: '1 1 260px' }}>
              {t('certificates:follow_up.intro')}
            </Text>
            <NativeSelect
              label={t('certificates:follow_up.year')}
              data={years}
              value={String(anio)}
              onChange={(e) => chooseYear(e.currentTarget.value)}
              leftSection={<IconCalendar size={16} aria-hidden />}
              w={{ base: '100%', xs: 160 }}
            />
          </Group>
          {list.data ? (
            <SummaryCards anio={anio} summary={summary} />
          ) : list.error === undefined ? (
            <SimpleGrid cols={3} spacing="xs" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={92} radius="md" />
              ))}
            </SimpleGrid>
          ) : null}
          {list.error !== undefined && !list.data ? (
            <ListError title={t('certificates:follow_up.courses.load_error')} error={list.error} onRetry={() => void list.mutate()} />
          ) : !list.data ? (
            <Stack gap="xs" aria-busy="true" data-testid="dc3-courses-skeleton">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} height={40} radius="sm" />
              ))}
            </Stack>
          ) : courses.length === 0 ? (
            <EmptyState
              icon={<IconCertificateOff size={26} aria-hidden />}
              title={t('certificates:follow_up.courses.empty', { anio })}
              description={t('certificates:follow_up.courses.empty_hint')}
            />
          ) : (
            <Dc3CoursesTable anio={anio} courses={courses} selected={cveCurso} linkTo={courseLink} onChoose={() => setFocusDetail(true)} />
          )}
        </Stack>
      </Paper>
      {cveCurso !== null && (
        <Dc3CourseDetail key={cveCurso} cveCurso={cveCurso} focus={focusDetail} onFocused={onFocused} onClose={closeDetail} onChanged={refresh} />
      )}
    </Stack>
  );
}
