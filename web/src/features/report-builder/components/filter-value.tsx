import { Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { parseTypedDate } from '@/components/forms/typed-date';
import { useCalendarAriaLabels } from '@/lib/i18n/calendar-labels';
import type { ColumnaFuente, Operador } from '../api/types';
import { MAX_DAYS, takesDays } from './definition';

export interface FilterValueProps {
  columna: ColumnaFuente;
  operador: Operador;
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}

/**
 * A filter's value in the input its column and operator call for: a number of days, a select
 * of the column's options, a date, Sí/No for a flag, else text (numbers in pesos or units, as
 * the server reads them).
 */
export function FilterValue({ columna, operador, label, value, onChange, testId }: FilterValueProps) {
  const { t } = useTranslation('report-builder');
  const calendarLabels = useCalendarAriaLabels();
  if (takesDays(operador)) {
    return (
      <TextInput
        label={t('filters.days')}
        description={t('filters.days_hint', { max: MAX_DAYS })}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        inputMode="numeric"
        maxLength={4}
        data-testid={testId}
      />
    );
  }
  if (columna.tipo === 'bandera') {
    return (
      <Select
        label={label}
        data={[
          { value: '1', label: t('yes') },
          { value: '0', label: t('no') },
        ]}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid={testId}
      />
    );
  }
  if (columna.opciones.length > 0) {
    return (
      <Select
        label={label}
        data={columna.opciones.map((o) => ({ value: o.value, label: o.label }))}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
        searchable
        nothingFoundMessage={t('filters.no_option')}
        comboboxProps={{ withinPortal: true }}
        data-testid={testId}
      />
    );
  }
  if (columna.tipo === 'fecha') {
    return (
      <DateInput
        label={label}
        value={value || null}
        onChange={(v) => onChange(v ? String(v).slice(0, 10) : '')}
        dateParser={parseTypedDate}
        valueFormat="DD/MM/YYYY"
        placeholder={t('filters.date_placeholder')}
        leftSection={<IconCalendar size={16} aria-hidden />}
        ariaLabels={calendarLabels}
        popoverProps={{ withinPortal: true }}
        clearable
        data-testid={testId}
      />
    );
  }
  const numeric = columna.tipo === 'entero' || columna.tipo === 'decimal' || columna.tipo === 'dinero';
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      inputMode={numeric ? (columna.tipo === 'entero' ? 'numeric' : 'decimal') : undefined}
      description={columna.tipo === 'dinero' ? t('filters.money_hint') : undefined}
      maxLength={200}
      data-testid={testId}
    />
  );
}
