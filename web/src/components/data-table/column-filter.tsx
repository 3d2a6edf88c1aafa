import { CloseButton, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_DEBOUNCE_MS, shouldApplyTextFilter } from './query';
import type { ColumnMeta } from './types';

export interface ColumnFilterProps {
  meta: ColumnMeta;
  header: string;
  value: string;
  onApply: (value: string) => void;
}

/** The filter cell of one column: debounced text (> 4 characters or empty) or a select. */
export function ColumnFilter({ meta, header, value, onApply }: ColumnFilterProps) {
  const { t } = useTranslation('common');
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestApply = useRef(onApply);
  useEffect(() => {
    latestApply.current = onApply;
  });
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const label = t('table.filter_label', { column: header });

  if (meta.tipo === 'select') {
    const data = (meta.options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
    return (
      <Select
        size="xs"
        aria-label={label}
        placeholder={t('table.filter_all')}
        data={data}
        value={value === '' ? null : value}
        onChange={(next) => onApply(next ?? '')}
        clearable
        searchable={data.length > 8}
        comboboxProps={{ withinPortal: true }}
        miw={110}
      />
    );
  }
  if (meta.tipo !== 'text') return null;

  const schedule = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    if (!shouldApplyTextFilter(next)) return;
    timer.current = setTimeout(() => latestApply.current(next.trim()), FILTER_DEBOUNCE_MS);
  };

  return (
    <TextInput
      size="xs"
      aria-label={label}
      title={t('table.filter_hint')}
      leftSection={<IconSearch size={12} aria-hidden />}
      value={draft}
      miw={110}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        schedule(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && shouldApplyTextFilter(draft)) {
          if (timer.current) clearTimeout(timer.current);
          onApply(draft.trim());
        }
      }}
      rightSection={
        draft ? (
          <CloseButton
            size="xs"
            aria-label={t('table.filter_clear', { column: header })}
            onClick={() => {
              setDraft('');
              if (timer.current) clearTimeout(timer.current);
              onApply('');
            }}
          />
        ) : null
      }
    />
  );
}
