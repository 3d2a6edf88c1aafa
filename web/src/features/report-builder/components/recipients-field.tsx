import { CloseButton, Combobox, Group, Loader, Paper, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_SEARCH_MIN, useEmployeeOptions } from '@/lib/api/shared/employee-options';
import { MAX_RECIPIENTS, type Recipient } from './schedule-schema';

export interface RecipientsFieldProps {
  value: Recipient[];
  onChange: (value: Recipient[]) => void;
  error?: string;
}

/**
 * 'Destinatarios': employees found by name or number (the app's employee typeahead, from 4
 * characters), each added to the list below, where it can be taken out again; 50 at most.
 */
export function RecipientsField({ value, onChange, error }: RecipientsFieldProps) {
  const { t } = useTranslation('report-builder');
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useEmployeeOptions(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const full = value.length >= MAX_RECIPIENTS;
  const chosen = new Set(value.map((r) => r.cve_empleado));
  const found = search.trim().length >= EMPLOYEE_SEARCH_MIN ? (options.data ?? []) : [];
  const waiting = options.isValidating || search !== debounced;

  const add = (id: string) => {
    const option = found.find((o) => String(o.value) === id);
    if (!option || chosen.has(option.value) || full) return;
    onChange([...value, { cve_empleado: option.value, nombre: option.nombre || option.label, correo: option.correo ?? null }]);
    setSearch('');
    combobox.closeDropdown();
  };

  const remove = (recipient: Recipient, index: number) => {
    const rest = value.filter((r) => r.cve_empleado !== recipient.cve_empleado);
    onChange(rest);
    // The focus goes to the next one's button, else back to the search.
    const next = rest[index] ?? rest[index - 1];
    requestAnimationFrame(() => {
      const target = next ? document.querySelector<HTMLButtonElement>(`[data-recipient="${next.cve_empleado}"]`) : input.current;
      target?.focus();
    });
  };

  const empty =
    search.trim().length < EMPLOYEE_SEARCH_MIN ? t('schedule.search_min', { min: EMPLOYEE_SEARCH_MIN }) : waiting ? t('schedule.searching') : t('schedule.no_employees');

  return (
    <div>
      <Combobox store={combobox} onOptionSubmit={add} withinPortal>
        <Combobox.Target withExpandedAttribute autoComplete="off">
          <TextInput
            ref={input}
            label={t('schedule.recipients')}
            description={t('schedule.recipients_hint', { min: EMPLOYEE_SEARCH_MIN, max: MAX_RECIPIENTS })}
            withAsterisk
            value={search}
            disabled={full}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(e) => {
              // Enter picks the highlighted person; it never submits the dialog's form.
              if (e.key === 'Enter') e.preventDefault();
            }}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={options.isValidating ? <Loader size={14} aria-hidden /> : undefined}
            error={error}
            data-testid="schedule-recipient-search"
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options>
            {found.length === 0 ? (
              <Combobox.Empty>{empty}</Combobox.Empty>
            ) : (
              found.map((o) => (
                <Combobox.Option value={String(o.value)} key={o.value} disabled={chosen.has(o.value)}>
                  {o.label}
                </Combobox.Option>
              ))
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <Text size="xs" c="dimmed" mt={6} id={listId} aria-live="polite" data-testid="schedule-recipient-count">
        {t('schedule.recipients_count', { count: value.length, max: MAX_RECIPIENTS })}
      </Text>
      {value.length > 0 && (
        <Group component="ul" gap={6} p={0} m={0} mt={6} style={{ listStyle: 'none' }} aria-labelledby={listId} data-testid="schedule-recipients">
          {value.map((r, i) => (
            <Paper component="li" key={r.cve_empleado} withBorder radius="xl" pl="sm" pr={4} py={2} maw="100%">
              <Group gap={4} wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {r.nombre}
                  {r.correo === null && (
                    <Text span size="xs" c="orange.8" ml={4}>
                      {t('schedule.no_email')}
                    </Text>
                  )}
                </Text>
                <CloseButton size="sm" aria-label={t('schedule.remove_recipient', { name: r.nombre })} data-recipient={r.cve_empleado} onClick={() => remove(r, i)} />
              </Group>
            </Paper>
          ))}
        </Group>
      )}
    </div>
  );
}
