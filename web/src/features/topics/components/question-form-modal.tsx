import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Checkbox, Group, Modal, Radio, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Tooltip.css';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, FormButtons, applyServerError } from '@/components/forms';
import { postQuestion } from '../api/create-question';
import { QUESTION_TYPES, type Question, type QuestionType } from '../api/get-questions';
import { putQuestion } from '../api/update-question';
import {
  ANSWER_MAX,
  MAX_OPTIONS,
  MIN_OPTIONS,
  QUESTION_MAX,
  optionsForType,
  questionPayload,
  questionSchema,
  questionToValues,
  type QuestionValues,
} from './question-schema';

export interface QuestionFormModalProps {
  cve: number;
  opened: boolean;
  /** The question to edit; null to add one. */
  question: Question | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a question of the bank: single answer (radio), multiple answers (checkboxes) or open. */
export function QuestionFormModal({ cve, opened, question, onClose, onSaved }: QuestionFormModalProps) {
  const { t } = useTranslation('topics');
  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={question ? t('questions.edit_title') : t('questions.new_title')}>
      {opened && (
        <QuestionForm key={question?.id_pregunta ?? 'new'} cve={cve} question={question} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function QuestionForm({ cve, question, onClose, onSaved }: Omit<QuestionFormModalProps, 'opened'>) {
  const { t } = useTranslation(['topics', 'common']);
  const schema = useMemo(() => questionSchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    clearErrors,
    formState: { errors, isSubmitting, isSubmitted },
    trigger,
  } = useForm<QuestionValues>({
    resolver: zodResolver(schema),
    defaultValues: questionToValues(question),
    mode: 'onTouched',
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'respuestas' });
  const [tipo, respuestas] = useWatch({ control, name: ['tipo', 'respuestas'] });
  const [failure, setFailure] = useState<string | null>(null);
  const optionsError = errors.respuestas?.message ?? errors.respuestas?.root?.message;

  const changeType = (next: QuestionType) => {
    setValue('tipo', next);
    setValue('respuestas', optionsForType(next, getValues('respuestas')));
    clearErrors('respuestas');
  };

  const markCorrect = (index: number, checked: boolean) => {
    const current = getValues('respuestas');
    setValue(
      'respuestas',
      current.map((r, i) => (tipo === 'unica' ? { ...r, correcta: i === index } : i === index ? { ...r, correcta: checked } : r)),
    );
    if (isSubmitted) void trigger('respuestas');
  };

  const submit = async (values: QuestionValues) => {
    setFailure(null);
    try {
      const body = questionPayload(values);
      const answer = question ? await putQuestion(cve, question.id_pregunta, body) : await postQuestion(cve, body);
      showSaved(answer?.resp);
      onSaved();
      onClose();
    } catch (error) {
      setFailure(applyServerError(error, setError, ['pregunta', 'tipo', 'respuestas']));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <Textarea
          label={t('topics:questions.fields.pregunta')}
          maxLength={QUESTION_MAX}
          rows={2}
          resize="vertical"
          withAsterisk
          error={errors.pregunta?.message}
          {...register('pregunta')}
        />
        <Controller
          control={control}
          name="tipo"
          render={({ field }) => (
            <Radio.Group
              label={t('topics:questions.fields.tipo')}
              value={field.value}
              onChange={(value) => changeType(value as QuestionType)}
              withAsterisk
            >
              <Group gap="lg" mt={6}>
                {QUESTION_TYPES.map((value) => (
                  <Radio key={value} value={value} label={t(`topics:questions.types.${value}`)} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        {tipo === 'abierta' ? (
          <Text size="sm" c="dimmed">
            {t('topics:questions.open_hint')}
          </Text>
        ) : (
          <Stack gap="xs" role="group" aria-label={t('topics:questions.options')}>
            <Text size="sm" fw={500}>
              {t('topics:questions.options')}
            </Text>
            <Text size="xs" c="dimmed">
              {tipo === 'unica' ? t('topics:questions.unica_hint') : t('topics:questions.multiple_hint')}
            </Text>
            {fields.map((item, index) => {
              const number = index + 1;
              const checked = respuestas[index]?.correcta ?? false;
              return (
                <Group key={item.id} gap="sm" align="flex-start" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('topics:questions.option', { number })}
                    maxLength={ANSWER_MAX}
                    withAsterisk
                    error={errors.respuestas?.[index]?.texto?.message}
                    {...register(`respuestas.${index}.texto`)}
                  />
                  <div style={{ paddingTop: 30 }}>
                    {tipo === 'unica' ? (
                      <Radio
                        name={`correcta-${cve}`}
                        label={t('topics:questions.correct')}
                        aria-label={t('topics:questions.correct_option', { number })}
                        checked={checked}
                        onChange={() => markCorrect(index, true)}
                      />
                    ) : (
                      <Checkbox
                        label={t('topics:questions.correct')}
                        aria-label={t('topics:questions.correct_option', { number })}
                        checked={checked}
                        onChange={(event) => markCorrect(index, event.currentTarget.checked)}
                      />
                    )}
                  </div>
                  <Tooltip label={t('topics:questions.remove_option', { number })} withinPortal>
                    <ActionIcon
                      mt={26}
                      variant="subtle"
                      color="red"
                      aria-label={t('topics:questions.remove_option', { number })}
                      disabled={fields.length <= MIN_OPTIONS}
                      onClick={() => remove(index)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            })}
            {optionsError && (
              <Text size="sm" c="red" role="alert">
                {optionsError}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={fields.length >= MAX_OPTIONS}
                onClick={() => append({ texto: '', correcta: false })}
              >
                {t('topics:questions.add_option')}
              </Button>
            </Group>
          </Stack>
        )}
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
