import { ATTEMPTS_MAX, DESCRIPTION_MAX, MINUTES_MAX, type ExamenConfig } from '../api/types';

/** The configuration's problems, by field (empty when it can be sent). */
export type ConfigErrors = Partial<Record<keyof ExamenConfig, string>>;

/** Checks a configuration against the server's limits; `bank` caps the number of questions. */
export function validateConfig(config: ExamenConfig, bank: number, t: (key: string, options?: Record<string, unknown>) => string): ConfigErrors {
  const errors: ConfigErrors = {};
  const whole = (n: number) => Number.isInteger(n);
  if (!whole(config.num_preguntas) || config.num_preguntas < 1 || config.num_preguntas > Math.max(1, bank)) {
    errors.num_preguntas = t('exams:config.num_range', { max: Math.max(1, bank) });
  }
  if (!whole(config.tiempo_estimado) || config.tiempo_estimado < 0 || config.tiempo_estimado > MINUTES_MAX) {
    errors.tiempo_estimado = t('exams:config.minutes_range', { max: MINUTES_MAX });
  }
  if (!whole(config.intentos) || config.intentos < 1 || config.intentos > ATTEMPTS_MAX) {
    errors.intentos = t('exams:config.attempts_range', { max: ATTEMPTS_MAX });
  }
  if ((config.descripcion_examen ?? '').length > DESCRIPTION_MAX) {
    errors.descripcion_examen = t('exams:config.description_max', { max: DESCRIPTION_MAX });
  }
  return errors;
}

/** The description as the server stores it: trimmed, empty = none. */
export function cleanConfig<T extends ExamenConfig>(config: T): T {
  const text = (config.descripcion_examen ?? '').trim();
  return { ...config, descripcion_examen: text === '' ? null : text };
}
