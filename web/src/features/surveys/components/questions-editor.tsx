import { ActionIcon, Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Tooltip.css';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PreguntaEncuesta } from '../api/types';
import { OPTION_FIELDS, OPTION_MAX, QUESTION_MAX, emptyQuestion } from './question-schema';

/** The part of a survey form this editor works on. */
export interface QuestionsValues {
  preguntas: PreguntaEncuesta[];
}

/**
 * The questions of a survey, each with exactly four answer options: add, remove and move
 * them. `frozen` (the survey has answers) shows them read-only.
 */
export function QuestionsEditor({ max, frozen = false }: { max: number; frozen?: boolean }) {
  const { t } = useTranslation(['surveys', 'common']);
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<QuestionsValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'preguntas', keyName: 'key' });
  const listError = errors.preguntas?.root?.message ?? errors.preguntas?.message;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} component="h3" size="md" m={0}>
          {t('surveys:questions.title')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('surveys:questions.count', { total: fields.length, max })}
        </Text>
      </Group>
      {frozen && (
        <Alert color="yellow" variant="light">
          {t('surveys:questions.frozen')}
        </Alert>
      )}
      {fields.map((field, index) => {
        const fieldErrors = errors.preguntas?.[index];
        const n = index + 1;
        return (
          <Fieldset key={field.key} legend={t('surveys:questions.legend', { n })} radius="md" disabled={frozen}>
            <Stack gap="xs">
              <Textarea
                label={t('surveys:questions.pregunta')}
                maxLength={QUESTION_MAX}
                rows={2}
                resize="vertical"
                withAsterisk
                error={fieldErrors?.pregunta?.message}
                {...register(`preguntas.${index}.pregunta`)}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                {OPTION_FIELDS.map((name, o) => (
                  <TextInput
                    key={name}
                    label={t('surveys:questions.option', { n: o + 1 })}
                    maxLength={OPTION_MAX}
                    withAsterisk
                    error={fieldErrors?.[name]?.message}
                    {...register(`preguntas.${index}.${name}`)}
                  />
                ))}
              </SimpleGrid>
              {!frozen && (
                <Group gap={4} justify="flex-end">
                  <Tooltip label={t('surveys:questions.up')} withinPortal>
                    <ActionIcon variant="subtle" color="gray" disabled={index === 0} aria-label={t('surveys:questions.up_n', { n })} onClick={() => move(index, index - 1)}>
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('surveys:questions.down')} withinPortal>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      disabled={index === fields.length - 1}
                      aria-label={t('surveys:questions.down_n', { n })}
                      onClick={() => move(index, index + 1)}
                    >
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('surveys:questions.remove')} withinPortal>
                    <ActionIcon variant="subtle" color="red" disabled={fields.length <= 1} aria-label={t('surveys:questions.remove_n', { n })} onClick={() => remove(index)}>
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Stack>
          </Fieldset>
        );
      })}
      {listError && (
        <Text size="sm" c="red.8" role="alert">
          {listError}
        </Text>
      )}
      {!frozen && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={fields.length >= max} onClick={() => append(emptyQuestion())}>
            {t('surveys:questions.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
