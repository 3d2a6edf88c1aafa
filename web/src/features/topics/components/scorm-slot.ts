import { createContext, useContext, type ReactNode } from 'react';

/** Renders a topic's SCORM material (its package, upload and attempts); the app supplies it. */
export type TopicScormRenderer = (cveTema: number) => ReactNode;

/** Provided around the topics screen by the route that composes the scorm feature. */
export const TopicScormContext = createContext<TopicScormRenderer | null>(null);

/** The SCORM material's renderer, when the app provides one. */
export function useTopicScorm(): TopicScormRenderer | null {
  return useContext(TopicScormContext);
}
