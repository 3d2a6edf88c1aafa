import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_SEARCH_MIN, useEmployeeOptions } from '@/lib/api/shared/employee-options';
import { toSelectData } from '@/lib/api/shared/options';
import { useStructureOptions } from '@/lib/api/shared/structure-options';
import { withCurrent } from './select-data';


interface LevelSelectProps {
  level: number;
  /** The chosen node of the level above (null: nothing chosen yet; ignored for N2). */
  parent: string | null;
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  required: boolean;
  error?: string;
}

/** One level (N2–N7) of the cascading structure selects. */
export function LevelSelect({ level, parent, value, onChange, onBlur, required, error }: LevelSelectProps) {
  const { t } = useTranslation(['employees', 'common']);
  const waiting = level > 2 && !parent;
  const options = useStructureOptions(level, waiting ? null : Number(parent));
  const data = toSelectData(options.data);
  const placeholder = waiting
    ? t('employees:form.pick_parent', { level: t(`employees:form.labels.n${level - 1}`) })
    : options.isLoading
      ? t('common:loading')
      : data.length === 0
        ? t('employees:form.no_nodes')
        : t('employees:form.pick');
  return (
    <Select
      label={t(`employees:form.labels.n${level}`)}
      placeholder={placeholder}
      data={withCurrent(data, value, null)}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      disabled={waiting}
      searchable
      clearable={!required}
      withAsterisk={required}
      nothingFoundMessage={t('employees:form.no_matches')}
      error={error ?? (options.error ? t('employees:form.options_error') : undefined)}
    />
  );
}

interface SupervisorSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The current supervisor's name (edit form). */
  initialLabel: string | null;
  /** The employee being edited: not their own supervisor. */
  self: number | null;
  error?: string;
}

/** Supervisor typeahead over GET catalogos/empleados/opciones (from 4 characters). */
export function SupervisorSelect({ value, onChange, initialLabel, self, error }: SupervisorSelectProps) {
  const { t } = useTranslation(['employees', 'common']);
  const [search, setSearch] = useState(value && initialLabel ? initialLabel : '');
  const [picked, setPicked] = useState<ComboboxItem | null>(value && initialLabel ? { value, label: initialLabel } : null);
  const [term] = useDebouncedValue(search, 300);
  const options = useEmployeeOptions(term);
  const found = toSelectData(options.data).filter((o) => o.value !== String(self));
  const data = picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;
  const short = search.trim().length < EMPLOYEE_SEARCH_MIN;
  return (
    <Select
      label={t('employees:form.labels.cve_supervisor')}
      description={t('employees:form.supervisor_hint')}
      placeholder={t('employees:form.supervisor_placeholder')}
      data={data}
      value={value}
      onChange={(next, option) => {
        setPicked(option ?? null);
        onChange(next);
      }}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text (accent-insensitive); show what it found.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        short ? t('employees:form.supervisor_hint') : options.isLoading ? t('common:loading') : t('employees:form.no_matches')
      }
      error={error}
    />
  );
}
