import { lazy, Suspense } from 'react';
import { ListSkeleton } from '@/components/states/list-states';
import type { ExamModalProps } from '@/features/exams';

// The exams feature's screens load when first shown (the plan's exam button, the course's
// 'Examen' tab, a topic's 'Preguntas' tab).
const ExamModal = lazy(() => import('@/features/exams/components/exam-modal').then((m) => ({ default: m.ExamModal })));
const CourseExamTab = lazy(() => import('@/features/exams/components/course-exam-tab').then((m) => ({ default: m.CourseExamTab })));
const TopicExamPanel = lazy(() => import('@/features/exams/components/topic-exam-panel').then((m) => ({ default: m.TopicExamPanel })));

/** The exam modal of the participant's plan. */
export function LazyExamModal(props: ExamModalProps) {
  return (
    <Suspense fallback={null}>
      <ExamModal {...props} />
    </Suspense>
  );
}

/** A course's 'Examen' tab. */
export function LazyCourseExamTab({ cveCurso, readOnly }: { cveCurso: number; readOnly: boolean }) {
  return (
    <Suspense fallback={<ListSkeleton rows={3} />}>
      <CourseExamTab cveCurso={cveCurso} readOnly={readOnly} />
    </Suspense>
  );
}

/** A topic's exam definition, under its question bank. */
export function LazyTopicExamPanel({ cveTema }: { cveTema: number }) {
  return (
    <Suspense fallback={<ListSkeleton rows={2} />}>
      <TopicExamPanel cveTema={cveTema} />
    </Suspense>
  );
}
