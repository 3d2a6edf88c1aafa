import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/components/forms';
import { SUGGEST_MIN, useEmployeeSuggestions } from '../api/employee-suggestions';

interface Props {
  value: number | null;
  /** The chosen employee's name, when known (e.g. from the address). */
  label?: string | null;
  onChange: (cve: number | null, name: string) => void;
}

/** Employee autocomplete (from 4 characters, spec §9). */
export function EmployeePicker({ value, label, onChange }: Props) {
  const { t } = useTranslation('plans');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 300);
  const suggestions = useEmployeeSuggestions(term);
  const data = (suggestions.data ?? []).map((e) => ({ value: String(e.cve_empleado), label: e.nombre_empleado }));
  if (value && !data.some((d) => d.value === String(value))) data.unshift({ value: String(value), label: label || `#${value}` });
  return (
    <Select
      label={t('plans:picker.label')}
      placeholder={t('plans:picker.placeholder', { count: SUGGEST_MIN })}
      leftSection={<IconUserSearch size={16} aria-hidden />}
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null, data.find((d) => d.value === v)?.label ?? '')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      clearable
      nothingFoundMessage={search.trim().length < SUGGEST_MIN ? t('plans:picker.min', { count: SUGGEST_MIN }) : t('plans:picker.none')}
      error={suggestions.error ? (failureMessage(suggestions.error) ?? undefined) : undefined}
      w="100%"
      maw={480}
    />
  );
}
