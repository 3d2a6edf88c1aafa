import { Loader, Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_SEARCH_MIN, useEmployeeOptions, type EmployeeOption } from '@/lib/api/shared/employee-options';

// The server already filtered by the typed text (name, number, e-mail…): show what it answered.
const serverFiltered: OptionsFilter = ({ options }) => options;

/** What a pick gives: a found employee, or the one already chosen (id and label only). */
export type PickedEmployee = Pick<EmployeeOption, 'label'> & { value: number | string } & Partial<Pick<EmployeeOption, 'nombre' | 'correo'>>;

interface EmployeePickerProps {
  label: string;
  /** The chosen employee, with the label to show before any search. */
  value: { value: string; label: string } | null;
  onPick: (option: PickedEmployee | null) => void;
  onBlur?: () => void;
  error?: string;
}

/** Typeahead over `catalogos/empleados/opciones` that asks from 4 characters on (spec §9). */
export function EmployeePicker({ label, value, onPick, onBlur, error }: EmployeePickerProps) {
  const { t } = useTranslation('resources');
  const [search, setSearch] = useState(value?.label ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  // Showing the chosen employee's name is not a new search.
  const options = useEmployeeOptions(value && debounced === value.label ? '' : debounced);
  const found = options.data ?? [];

  const data: ComboboxItem[] = found.map((o) => ({ value: String(o.value), label: o.label }));
  // Keep the chosen employee selectable (and its label shown) whatever the last search found.
  if (value && !data.some((d) => d.value === value.value)) data.unshift(value);

  const typed = search.trim().length;
  const nothingFound =
    typed < EMPLOYEE_SEARCH_MIN
      ? t('instructores.search_min', { min: EMPLOYEE_SEARCH_MIN })
      : options.isValidating || search !== debounced
        ? t('instructores.searching')
        : t('instructores.no_employees');

  return (
    <Select
      label={label}
      placeholder={t('instructores.search_employee')}
      description={t('instructores.search_hint', { min: EMPLOYEE_SEARCH_MIN })}
      data={data}
      value={value?.value ?? null}
      onChange={(selected) => {
        if (!selected) {
          onPick(null);
          return;
        }
        const option = found.find((o) => String(o.value) === selected);
        onPick(option ?? (value && value.value === selected ? { value: value.value, label: value.label } : null));
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      nothingFoundMessage={nothingFound}
      rightSection={options.isValidating ? <Loader size={14} aria-hidden /> : undefined}
      clearable
      withAsterisk
      onBlur={onBlur}
      error={error}
    />
  );
}
