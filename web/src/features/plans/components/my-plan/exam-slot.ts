import { createContext, useContext, type ReactNode } from 'react';

/** What the plan asks of the exam modal: whose exam, of which course (or topic), and the callbacks. */
export interface PlanExamRequest {
  cve_empleado: number;
  /** null: the topic's self-service exam (no course). */
  cve_curso: number | null;
  cve_tema: number;
  /** The topic's name. */
  nombre: string;
  onClose: () => void;
  /** The attempt was started or handed in: the plan reloads. */
  onFinished: () => void;
}

/** Renders the exam modal; the app supplies it (features never import each other). */
export type PlanExamRenderer = (request: PlanExamRequest) => ReactNode;

/** Provided around the participant's plan by the route that composes the exams feature. */
export const PlanExamContext = createContext<PlanExamRenderer | null>(null);

/** The exam modal's renderer, when the app provides one. */
export function usePlanExam(): PlanExamRenderer | null {
  return useContext(PlanExamContext);
}
