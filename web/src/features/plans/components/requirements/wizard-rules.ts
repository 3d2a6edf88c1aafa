/** The formation-plan wizard's steps (spec §4: assignment type, posts or employees, themes, confirm). */
export const STEPS = ['tipo', 'destinos', 'temas', 'confirmar'] as const;

/** Assignment types of the wizard. */
export type AssignmentType = 'puestos' | 'empleados';

/** Published limits (plan §4.2): días límite 1..3650; at most 200 topics. */
export const DIAS_LIMITE = { min: 1, max: 3650 } as const;
export const TEMAS_MAX = 200;

export interface WizardState {
  tipo: AssignmentType | null;
  destinos: number;
  temas: number;
  diasLimite: number | null;
}

/** The i18n key (in `plans`) of what keeps the terms (topics, días límite) from being complete, or null. */
export function termsProblem(temas: number, diasLimite: number | null): string | null {
  if (temas === 0) return 'wizard.validation.no_topic';
  if (temas > TEMAS_MAX) return 'wizard.validation.too_many_topics';
  if (diasLimite !== null && (!Number.isInteger(diasLimite) || diasLimite < DIAS_LIMITE.min || diasLimite > DIAS_LIMITE.max)) {
    return 'wizard.validation.dias_limite';
  }
  return null;
}

/** The i18n key (in `plans`) of what keeps a step from being complete (the spec's messages), or null. */
export function stepProblem(step: number, state: WizardState): string | null {
  if (step === 0) return state.tipo ? null : 'wizard.validation.no_type';
  if (step === 1) {
    if (state.destinos > 0) return null;
    return state.tipo === 'empleados' ? 'wizard.validation.no_employee' : 'wizard.validation.no_position';
  }
  if (step === 2) return termsProblem(state.temas, state.diasLimite);
  return null;
}

/** The furthest step the user may reach: every step before it is complete. */
export function reachableStep(state: WizardState): number {
  let step = 0;
  while (step < STEPS.length - 1 && stepProblem(step, state) === null) step += 1;
  return step;
}
