import { Select, Text, type ComboboxItem } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Fuente } from '../api/types';
import { SectionCard } from './section-card';

export interface SourceSectionProps {
  sources: Fuente[];
  value: string | null;
  onChange: (fuente: string | null) => void;
}

/** 'Fuente de datos': which records the report is made of, each told by its description. */
export function SourceSection({ sources, value, onChange }: SourceSectionProps) {
  const { t } = useTranslation('report-builder');
  const chosen = sources.find((s) => s.clave === value);
  const data: ComboboxItem[] = sources.map((s) => ({ value: s.clave, label: s.nombre }));
  const byKey = new Map(sources.map((s) => [s.clave, s]));
  return (
    <SectionCard title={t('source.title')} intro={t('source.intro')} testId="builder-source">
      <Select
        label={t('source.label')}
        placeholder={t('source.placeholder')}
        data={data}
        value={value}
        onChange={onChange}
        allowDeselect={false}
        searchable
        nothingFoundMessage={t('source.none')}
        maw={520}
        comboboxProps={{ withinPortal: true }}
        renderOption={({ option }) => (
          <div>
            <Text size="sm" fw={500}>
              {option.label}
            </Text>
            <Text size="xs" c="dimmed">
              {byKey.get(option.value)?.descripcion}
            </Text>
          </div>
        )}
        data-testid="builder-source-select"
      />
      {chosen && (
        <Text size="sm" data-testid="builder-source-description">
          {chosen.descripcion}
        </Text>
      )}
      {value !== null && <Text size="xs" c="dimmed">{t('source.change_hint')}</Text>}
    </SectionCard>
  );
}
