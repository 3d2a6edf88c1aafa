import { MultiSelect, NumberInput, Stack, Switch } from '@mantine/core';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/components/forms';
import { DIAS_LIMITE } from './wizard-rules';

/** A topic the pickers list. */
export interface TopicChoice {
  cve_tema: number;
  abreviatura: string | null;
  nombre_tema: string;
}

interface Props {
  topics: TopicChoice[] | undefined;
  topicsError: unknown;
  loading: boolean;
  temas: string[];
  onTemas: (v: string[]) => void;
  obligatoria: boolean;
  onObligatoria: (v: boolean) => void;
  diasLimite: number | null;
  onDiasLimite: (v: number | null) => void;
  error?: string | null;
}

/** Topics, mandatory switch and deadline days: the terms every alta asks. */
export function TermsFields(p: Props) {
  const { t } = useTranslation(['plans', 'common']);
  const data = (p.topics ?? []).map((x) => ({ value: String(x.cve_tema), label: x.abreviatura ? `${x.abreviatura} · ${x.nombre_tema}` : x.nombre_tema }));
  // The list closes after each pick: left open it covered the wizard's "Siguiente", and a click meant
  // for the button picked a topic. Focus stays in the field; a click, typing or ↓ opens it again.
  const [opened, setOpened] = useState(false);
  return (
    <Stack gap="sm">
      <MultiSelect
        label={t('plans:wizard.topics')}
        placeholder={p.loading ? t('common:loading') : t('plans:wizard.topics_hint')}
        data={data}
        value={p.temas}
        onChange={p.onTemas}
        dropdownOpened={opened}
        onDropdownOpen={() => setOpened(true)}
        onDropdownClose={() => setOpened(false)}
        onOptionSubmit={() => setOpened(false)}
        maxDropdownHeight={200}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('plans:no_results')}
        error={p.topicsError ? (failureMessage(p.topicsError) ?? undefined) : (p.error ?? undefined)}
        maxValues={200}
        required
      />
      <Switch label={t('plans:wizard.mandatory')} checked={p.obligatoria} onChange={(e) => p.onObligatoria(e.currentTarget.checked)} />
      <NumberInput
        label={t('plans:wizard.dias_limite')}
        description={t('plans:wizard.dias_limite_hint')}
        min={DIAS_LIMITE.min}
        max={DIAS_LIMITE.max}
        allowDecimal={false}
        allowNegative={false}
        value={p.diasLimite ?? ''}
        onChange={(v) => p.onDiasLimite(v === '' || v === null ? null : Number(v))}
        w={{ base: '100%', sm: 240 }}
      />
    </Stack>
  );
}
