/** The wizard's steps: employees, profiles, confirmation. */
export const STEPS = ['employees', 'profiles', 'confirm'] as const;

export interface WizardState {
  employees: number;
  profiles: readonly number[];
  predeterminado: number | null;
}

/**
 * The i18n key of what keeps a step from being complete (the spec's messages), or null when
 * it is. Step 0 needs a user; step 1 a profile and, among the chosen, the default one.
 */
export function stepProblem(step: number, state: WizardState): string | null {
  if (step === 0) return state.employees > 0 ? null : 'validation.no_users';
  if (step === 1) {
    if (state.profiles.length === 0) return 'validation.no_profiles';
    if (state.predeterminado === null || !state.profiles.includes(state.predeterminado)) return 'validation.no_default';
  }
  return null;
}

/** The furthest step the user may reach: every step before it is complete. */
export function reachableStep(state: WizardState): number {
  let step = 0;
  while (step < STEPS.length - 1 && stepProblem(step, state) === null) step += 1;
  return step;
}
