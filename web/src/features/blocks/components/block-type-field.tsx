import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { failureMessage } from '@/components/forms';
import { postBlockType } from '../api/create-block-type';
import { useBlockTypes } from '../api/get-block-types';
import { TYPE_NAME_MAX } from './rules';


export interface BlockTypeFieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
}

/** The block type select, with an inline "Nuevo tipo" that creates one and selects it. */
export function BlockTypeField({ value, onChange, onBlur, inputRef, error }: BlockTypeFieldProps) {
  const { t } = useTranslation(['blocks', 'common']);
  const types = useBlockTypes();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const options = (types.data ?? [])
    .filter((type) => type.activo === null || type.activo === undefined || Number(type.activo) === 1 || String(type.id_tipo_bloque) === value)
    .map((type) => ({ value: String(type.id_tipo_bloque), label: type.nombre_tipo_bloque }));

  const cancel = () => {
    setAdding(false);
    setName('');
    setProblem(null);
  };

  const create = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setProblem(t('blocks:validation.required'));
      return;
    }
    if (trimmed.length > TYPE_NAME_MAX) {
      setProblem(t('blocks:validation.too_long', { max: TYPE_NAME_MAX }));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const answer = await postBlockType(trimmed);
      const fresh = await types.mutate();
      const id =
        answer?.id_tipo_bloque ??
        fresh?.find((type) => type.nombre_tipo_bloque.toLocaleLowerCase() === trimmed.toLocaleLowerCase())?.id_tipo_bloque;
      if (id !== undefined) onChange(String(id));
      showSaved(answer?.resp);
      cancel();
    } catch (caught) {
      // A taken name (409 duplicado.*) or any other refusal reads next to the name.
      const message = failureMessage(caught);
      if (message) setProblem(message);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the type, it must not submit the block form around it.
      event.preventDefault();
      void create();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      cancel();
    }
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Select
          ref={inputRef}
          style={{ flex: 1, minWidth: 0 }}
          label={t('blocks:fields.id_tipo_bloque')}
          placeholder={types.isLoading ? t('common:loading') : t('blocks:form.pick_type')}
          data={options}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          searchable
          allowDeselect={false}
          withAsterisk
          nothingFoundMessage={t('blocks:form.no_results')}
          error={error ?? (types.error ? failureMessage(types.error) : undefined)}
        />
        {!adding && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} mb={error ? 22 : 0}>
            {t('blocks:types.new')}
          </Button>
        )}
      </Group>
      {adding && (
        <Stack gap="xs" p="sm" style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}>
          <TextInput
            label={t('blocks:types.name')}
            maxLength={TYPE_NAME_MAX}
            withAsterisk
            autoFocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            error={problem}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="xs" onClick={cancel}>
              {t('common:actions.cancel')}
            </Button>
            <Button size="xs" loading={busy} onClick={() => void create()}>
              {t('blocks:types.add')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
