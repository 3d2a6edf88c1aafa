import { createContext, useContext, type ReactNode } from 'react';

/** What the plan asks of the SCORM player: whose launch, of which topic, and the callbacks. */
export interface PlanScormRequest {
  /** The learner: always the signed-in employee. */
  cve_empleado: number;
  /** The learner's display name (kept with the launch record). */
  nombre_empleado: string;
  cve_tema: number;
  /** The topic's name, shown while the player loads. */
  nombre: string;
  onClose: () => void;
  /** The player was closed after a launch: the plan reloads (the result may have changed). */
  onFinished: () => void;
}

/** Renders the SCORM player; the app supplies it (features never import each other). */
export type PlanScormRenderer = (request: PlanScormRequest) => ReactNode;

/** Provided around the participant's plan by the route that composes the scorm feature. */
export const PlanScormContext = createContext<PlanScormRenderer | null>(null);

/** The SCORM player's renderer, when the app provides one. */
export function usePlanScorm(): PlanScormRenderer | null {
  return useContext(PlanScormContext);
}
