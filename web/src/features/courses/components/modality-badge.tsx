import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';
import type { Modalidad } from '../api/types';
import { MODALITY_COLORS } from './course-rules';

/** A course modality in its calendar colour (white text, ≥ 4.5:1). */
export function ModalityBadge({ value }: { value: Modalidad | string | null | undefined }) {
  const { t } = useTranslation('courses');
  if (!value) return null;
  const color = MODALITY_COLORS[value as Modalidad] ?? '#495057';
  return (
    <Badge color={color} autoContrast={false} c="white" variant="filled">
      {t(`courses:modalities.${value}`, { defaultValue: value })}
    </Badge>
  );
}

/** A course's state: Programado, Cerrado or Cancelado. */
export function StatusBadge({ estatus, cerrado }: { estatus: string | null | undefined; cerrado?: string | null }) {
  const { t } = useTranslation('courses');
  const state = cerrado === '1' ? 'cerrado' : (estatus ?? 'programado');
  const color = state === 'cerrado' ? 'gray' : state === 'cancelado' ? 'red' : 'teal';
  return (
    <Badge color={color} variant="light">
      {t(`courses:status.${state}`, { defaultValue: state })}
    </Badge>
  );
}
