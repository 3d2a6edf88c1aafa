import { NumberInput, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import { useTranslation } from 'react-i18next';
import { ATTEMPTS_MAX, DESCRIPTION_MAX, MINUTES_MAX, type ExamenConfig } from '../api/types';
import type { ConfigErrors } from './config-rules';

const toNumber = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

/** The inputs of an exam's configuration (course exam and topic definition). */
export function ConfigFields({
  value,
  onChange,
  bank,
  errors,
  disabled,
  lockQuestions,
}: {
  value: ExamenConfig;
  onChange: (next: ExamenConfig) => void;
  /** Questions in the topic's bank: the most that can be drawn. */
  bank: number;
  errors: ConfigErrors;
  disabled?: boolean;
  /** The number of questions cannot change (attempts exist). */
  lockQuestions?: boolean;
}) {
  const { t } = useTranslation('exams');
  const set = <K extends keyof ExamenConfig>(key: K, v: ExamenConfig[K]) => onChange({ ...value, [key]: v });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NumberInput
          label={t('exams:config.num_preguntas')}
          description={t('exams:config.num_hint', { max: bank })}
          min={1}
          max={Math.max(1, bank)}
          allowDecimal={false}
          allowNegative={false}
          value={Number.isNaN(value.num_preguntas) ? '' : value.num_preguntas}
          onChange={(v) => set('num_preguntas', toNumber(v))}
          error={errors.num_preguntas}
          disabled={disabled || lockQuestions}
          withAsterisk
        />
        <NumberInput
          label={t('exams:config.tiempo_estimado')}
          description={t('exams:config.minutes_hint')}
          min={0}
          max={MINUTES_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={Number.isNaN(value.tiempo_estimado) ? '' : value.tiempo_estimado}
          onChange={(v) => set('tiempo_estimado', toNumber(v))}
          error={errors.tiempo_estimado}
          disabled={disabled}
          withAsterisk
        />
        <NumberInput
          label={t('exams:config.intentos')}
          description={t('exams:config.attempts_hint', { max: ATTEMPTS_MAX })}
          min={1}
          max={ATTEMPTS_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={Number.isNaN(value.intentos) ? '' : value.intentos}
          onChange={(v) => set('intentos', toNumber(v))}
          error={errors.intentos}
          disabled={disabled}
          withAsterisk
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Switch
          label={t('exams:config.barajar_preguntas')}
          checked={value.barajar_preguntas}
          onChange={(e) => set('barajar_preguntas', e.currentTarget.checked)}
          disabled={disabled}
        />
        <Switch
          label={t('exams:config.barajar_opciones')}
          checked={value.barajar_opciones}
          onChange={(e) => set('barajar_opciones', e.currentTarget.checked)}
          disabled={disabled}
        />
      </SimpleGrid>
      <Textarea
        label={t('exams:config.descripcion')}
        description={t('exams:config.description_hint')}
        rows={3}
        maxLength={DESCRIPTION_MAX}
        value={value.descripcion_examen ?? ''}
        onChange={(e) => set('descripcion_examen', e.currentTarget.value)}
        error={errors.descripcion_examen}
        disabled={disabled}
      />
    </Stack>
  );
}
