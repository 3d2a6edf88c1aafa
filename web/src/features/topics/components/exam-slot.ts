import { createContext, useContext, type ReactNode } from 'react';

/** Renders a topic's exam definition next to its question bank; the app supplies it. */
export type TopicExamRenderer = (cveTema: number) => ReactNode;

/** Provided around the topics screen by the route that composes the exams feature. */
export const TopicExamContext = createContext<TopicExamRenderer | null>(null);

/** The exam definition's renderer, when the app provides one. */
export function useTopicExam(): TopicExamRenderer | null {
  return useContext(TopicExamContext);
}
