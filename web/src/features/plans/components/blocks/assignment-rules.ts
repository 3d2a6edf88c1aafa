import { DIAS_LIMITE, type AssignmentType } from '../requirements/wizard-rules';

export interface AssignmentState {
  block: number | null;
  topicsReady: boolean;
  /** The server said 409 bloque.sin_temas (or listed none). */
  noTopics: boolean;
  tipo: AssignmentType;
  count: number;
  /** Free seats; null = unlimited. */
  libres: number | null;
  diasLimite: number | null;
}

/** The i18n key (in `plans`) of what keeps a step of the block assignment from being complete, or null. */
export function blockStepProblem(step: number, s: AssignmentState): string | null {
  if (step === 0) {
    if (!s.block) return 'assignment.validation.no_block';
    // Spec §5: 'Debe asignar temas al bloque para poder inscribir personal'.
    if (s.noTopics) return 'assignment.validation.no_topics';
    return s.topicsReady ? null : 'assignment.validation.loading';
  }
  if (step === 1) {
    if (s.count === 0) return s.tipo === 'empleados' ? 'wizard.validation.no_employee' : 'wizard.validation.no_position';
    // Spec §5/§9: bulk enrolment only when the list is smaller than the available seats. For
    // positions the server counts their employees.
    if (s.tipo === 'empleados' && s.libres !== null && s.count >= s.libres) return 'assignment.validation.no_seats';
  }
  if (step === 2 && s.diasLimite !== null && (s.diasLimite < DIAS_LIMITE.min || s.diasLimite > DIAS_LIMITE.max)) {
    return 'wizard.validation.dias_limite';
  }
  return null;
}
