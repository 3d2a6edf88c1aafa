export { ExamModal, type ExamModalProps } from './components/exam-modal';
export { CourseExamTab } from './components/course-exam-tab';
export { TopicExamPanel } from './components/topic-exam-panel';
export { ReviewScreen } from './components/review-screen';
export type { ExamTarget } from './api/types';
