import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Switch.css';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, applyServerError, formatPrice, numberOrNull } from '@/components/forms';
import { IMAGE_ACCEPT, UploadField } from '@/components/upload';
import { useFormat } from '@/lib/i18n/use-format';
import { postTopic } from '../api/create-topic';
import type { TopicDetail } from '../api/get-topic';
import { useThematicAreas } from '@/lib/api/shared/thematic-areas';
import { topicLabel, useTopicOptions } from '@/lib/api/shared/topic-options';
import { putTopic } from '../api/update-topic';
import { TOPIC_DESCRIPTION_MAX as DESCRIPTION_MAX, TOPIC_NAME_MAX as NAME_MAX } from './rules';
import classes from './topic-form.module.css';
import {
  ABBREVIATION_MAX,
  AUTHOR_MAX,
  CATEGORY_MAX,
  EVALUATION_MODELS,
  MODALITIES,
  PASS_MARKS,
  TAGS_MAX,
  TOPIC_INPUTS,
  TOPIC_TYPES,
  emptyTopicValues,
  passMarkDefaults,
  topicPayload,
  topicSchema,
  topicToValues,
  type EvaluationModel,
  type TopicValues,
} from './topic-schema';

type NumberKey =
  | 'dias_duracion'
  | 'horas_sesion'
  | 'meses_certificacion'
  | 'dias_limite'
  | 'min_participantes'
  | 'max_participantes'
  | 'calificacion_minima'
  | 'calificacion_minima_practica'
  | 'precio';

type SwitchKey = 'activo' | 'requiere_instructor' | 'requiere_sala' | 'prerrequisito' | 'ecommerce';

interface NumberControlProps {
  control: Control<TopicValues>;
  name: NumberKey;
  label: string;
  description?: string;
  min?: number;
  max?: number;
  step?: number;
  decimals?: number;
  prefix?: string;
}

function NumberControl({ control, name, label, description, min, max, step, decimals = 0, prefix }: NumberControlProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          ref={field.ref}
          name={field.name}
          label={label}
          description={description}
          withAsterisk
          min={min}
          max={max}
          step={step}
          allowDecimal={decimals > 0}
          decimalScale={decimals}
          allowNegative={min === undefined || min < 0}
          clampBehavior="none"
          prefix={prefix}
          thousandSeparator={prefix ? ',' : undefined}
          value={field.value ?? ''}
          onChange={(value) => field.onChange(numberOrNull(value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function SwitchControl({ control, name, label, description }: { control: Control<TopicValues>; name: SwitchKey; label: string; description?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          ref={field.ref}
          label={label}
          description={description}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

export interface TopicFormProps {
  /** The topic to edit; null to create one. */
  topic: TopicDetail | null;
  onSaved: (cve: number, created: boolean) => void;
  onCancel: () => void;
}

/**
 * 'Nuevo tema' and the topic's "Datos": every field of the topic JSON in five sections
 * (General, Programación, Evaluación, Material, Comercio), sent as multipart.
 */
export function TopicForm({ topic, onSaved, onCancel }: TopicFormProps) {
  const { t } = useTranslation(['topics', 'common']);
  const { language } = useFormat();
  const editing = topic !== null;
  const schema = useMemo(() => topicSchema((k, o) => t(k, o), editing), [t, editing]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    reset,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<TopicValues>({
    resolver: zodResolver(schema),
    defaultValues: topic ? topicToValues(topic) : emptyTopicValues(),
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [prerequisite, model, ecommerce, price] = useWatch({
    control,
    name: ['prerrequisito', 'modelo_evaluacion', 'ecommerce', 'precio'],
  });

  const areas = useThematicAreas();
  const areaOptions = (areas.data ?? [])
    .filter((a) => a.activo === undefined || Number(a.activo) === 1 || String(a.cve_area) === topic?.cve_area?.toString())
    .map((a) => ({ value: String(a.cve_area), label: `${a.cve_area} ${a.nombre}` }));
  const topics = useTopicOptions(prerequisite);
  const prerequisiteOptions = useMemo(() => {
    const options = (topics.data ?? [])
      .filter((o) => o.cve_tema !== topic?.cve_tema)
      .map((o) => ({ value: String(o.cve_tema), label: topicLabel(o) }));
    // Keep stored prerequisites that are no longer active visible (and removable).
    const known = new Set(options.map((o) => o.value));
    const stored = (topic?.prerrequisitos ?? []).map((p) => String(typeof p === 'number' ? p : p.cve_tema));
    for (const value of stored) if (!known.has(value)) options.push({ value, label: t('topics:form.topic_key', { cve: value }) });
    return options;
  }, [topics.data, topic, t]);

  const typeOptions = TOPIC_TYPES.map((value) => ({ value, label: t(`topics:types.${value}`) }));
  const modalityOptions = MODALITIES.map((value) => ({ value, label: t(`topics:modalities.${value}`) }));

  const changeModel = (next: EvaluationModel) => {
    setValue('modelo_evaluacion', next, { shouldDirty: true });
    const defaults = passMarkDefaults(next);
    setValue('calificacion_minima', defaults.calificacion_minima, { shouldDirty: true });
    setValue('calificacion_minima_practica', defaults.calificacion_minima_practica, { shouldDirty: true });
    clearErrors(['calificacion_minima', 'calificacion_minima_practica']);
  };

  const submit = async (values: TopicValues) => {
    setFailure(null);
    const datos = topicPayload(values);
    const files = {
      imagen: values.imagen,
      material_participante: values.material_participante,
      material_instructor: values.material_instructor,
    };
    try {
      if (topic) {
        const answer = await putTopic(topic.cve_tema, datos, files);
        showSaved(answer?.resp);
        reset({ ...values, imagen: null, material_participante: null, material_instructor: null });
        onSaved(topic.cve_tema, false);
      } else {
        const answer = await postTopic(datos, files);
        showSaved(answer?.resp);
        onSaved(Number(answer.cve_tema), true);
      }
    } catch (error) {
      setFailure(applyServerError(error, setError, TOPIC_INPUTS, { conflictField: 'abreviatura' }));
    }
  };

  const uploadControl = (
    name: 'imagen' | 'material_participante' | 'material_instructor',
    props: { label: string; description: string; image?: boolean; required?: boolean; currentUrl?: string | null; accept?: string },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <UploadField
          {...props}
          inputRef={field.ref}
          file={field.value}
          onChange={(file) => {
            field.onChange(file);
            void trigger(name);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  const legend = (key: string) => <span className={classes.legend}>{t(`topics:sections.${key}`)}</span>;

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={editing ? t('topics:form.edit_title') : t('topics:form.new_title')}>
      <Stack gap="lg">
        <Fieldset legend={legend('general')} radius="md">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('topics:fields.abreviatura')}
                description={t('topics:hints.abreviatura', { max: ABBREVIATION_MAX })}
                maxLength={ABBREVIATION_MAX}
                withAsterisk
                error={errors.abreviatura?.message}
                {...register('abreviatura')}
              />
              <TextInput
                label={t('topics:fields.nombre_tema')}
                maxLength={NAME_MAX}
                withAsterisk
                error={errors.nombre_tema?.message}
                {...register('nombre_tema')}
              />
              <Controller
                control={control}
                name="tipo"
                render={({ field }) => (
                  <Select
                    ref={field.ref}
                    label={t('topics:fields.tipo')}
                    placeholder={t('topics:form.pick_type')}
                    data={typeOptions}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    withAsterisk
                    allowDeselect={false}
                    error={errors.tipo?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="cve_area"
                render={({ field }) => (
                  <Select
                    ref={field.ref}
                    label={t('topics:fields.cve_area')}
                    placeholder={areas.isLoading ? t('common:loading') : t('topics:form.pick_area')}
                    data={areaOptions}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    searchable
                    withAsterisk
                    allowDeselect={false}
                    nothingFoundMessage={t('topics:form.no_results')}
                    error={errors.cve_area?.message ?? (areas.error ? t('topics:form.areas_error') : undefined)}
                  />
                )}
              />
              <Controller
                control={control}
                name="modalidad"
                render={({ field }) => (
                  <Select
                    ref={field.ref}
                    label={t('topics:fields.modalidad')}
                    data={modalityOptions}
                    value={field.value}
                    onChange={(value) => value && field.onChange(value)}
                    onBlur={field.onBlur}
                    withAsterisk
                    allowDeselect={false}
                    error={errors.modalidad?.message}
                  />
                )}
              />
              <TextInput label={t('topics:fields.autor')} maxLength={AUTHOR_MAX} error={errors.autor?.message} {...register('autor')} />
            </SimpleGrid>
            <Textarea
              label={t('topics:fields.descripcion')}
              maxLength={DESCRIPTION_MAX}
              rows={3}
              resize="vertical"
              error={errors.descripcion?.message}
              {...register('descripcion')}
            />
            {uploadControl('imagen', {
              label: t('topics:fields.imagen'),
              description: t('topics:hints.imagen'),
              image: true,
              required: !editing,
              currentUrl: topic?.imagen_url ?? null,
              accept: IMAGE_ACCEPT,
            })}
            <SwitchControl control={control} name="activo" label={t('topics:fields.activo')} />
          </Stack>
        </Fieldset>

        <Fieldset legend={legend('programacion')} radius="md">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              <NumberControl control={control} name="dias_duracion" label={t('topics:fields.dias_duracion')} min={1} />
              <NumberControl
                control={control}
                name="horas_sesion"
                label={t('topics:fields.horas_sesion')}
                description={t('topics:hints.horas_sesion')}
                min={0.5}
                max={24}
                step={0.5}
                decimals={2}
              />
              <NumberControl
                control={control}
                name="meses_certificacion"
                label={t('topics:fields.meses_certificacion')}
                description={t('topics:hints.meses_certificacion')}
                min={0}
              />
              <NumberControl control={control} name="min_participantes" label={t('topics:fields.min_participantes')} min={1} />
              <NumberControl control={control} name="max_participantes" label={t('topics:fields.max_participantes')} min={1} />
              <NumberControl
                control={control}
                name="dias_limite"
                label={t('topics:fields.dias_limite')}
                description={t('topics:hints.dias_limite')}
                min={0}
              />
            </SimpleGrid>
            <Group gap="xl">
              <SwitchControl control={control} name="requiere_instructor" label={t('topics:fields.requiere_instructor')} />
              <SwitchControl control={control} name="requiere_sala" label={t('topics:fields.requiere_sala')} />
            </Group>
            <SwitchControl
              control={control}
              name="prerrequisito"
              label={t('topics:fields.prerrequisito')}
              description={t('topics:hints.prerrequisito')}
            />
            {prerequisite && (
              <Controller
                control={control}
                name="prerrequisitos"
                render={({ field }) => (
                  <MultiSelect
                    ref={field.ref}
                    label={t('topics:fields.prerrequisitos')}
                    placeholder={topics.isLoading ? t('common:loading') : t('topics:form.pick_topics')}
                    data={prerequisiteOptions}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    searchable
                    withAsterisk
                    hidePickedOptions
                    nothingFoundMessage={t('topics:form.no_results')}
                    error={errors.prerrequisitos?.message}
                  />
                )}
              />
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend={legend('evaluacion')} radius="md">
          <Stack gap="md">
            <Controller
              control={control}
              name="modelo_evaluacion"
              render={({ field }) => (
                <Radio.Group
                  label={t('topics:fields.modelo_evaluacion')}
                  value={field.value}
                  onChange={(value) => changeModel(value as EvaluationModel)}
                  withAsterisk
                >
                  <Stack gap="xs" mt={6}>
                    {EVALUATION_MODELS.map((value) => (
                      <Radio
                        key={value}
                        value={value}
                        label={t(`topics:models.${value}`)}
                        description={t(`topics:models_hint.${value}`)}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            />
            {model === 'conocimiento' && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberControl
                  control={control}
                  name="calificacion_minima"
                  label={t('topics:fields.calificacion_minima')}
                  description={t('topics:hints.scale', PASS_MARKS.conocimiento)}
                  min={PASS_MARKS.conocimiento.min}
                  max={PASS_MARKS.conocimiento.max}
                  decimals={2}
                />
              </SimpleGrid>
            )}
            {model === 'teorico_practico' && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberControl
                  control={control}
                  name="calificacion_minima"
                  label={t('topics:fields.calificacion_minima_teorica')}
                  description={t('topics:hints.scale', PASS_MARKS.teorico)}
                  min={PASS_MARKS.teorico.min}
                  max={PASS_MARKS.teorico.max}
                  decimals={2}
                />
                <NumberControl
                  control={control}
                  name="calificacion_minima_practica"
                  label={t('topics:fields.calificacion_minima_practica')}
                  description={t('topics:hints.scale', PASS_MARKS.practico)}
                  min={PASS_MARKS.practico.min}
                  max={PASS_MARKS.practico.max}
                  decimals={2}
                />
              </SimpleGrid>
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend={legend('material')} radius="md">
          <Stack gap="md">
            <TextInput
              type="url"
              label={t('topics:fields.video')}
              placeholder="https://"
              error={errors.video?.message}
              {...register('video')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {uploadControl('material_participante', {
                label: t('topics:fields.material_participante'),
                description: t('topics:hints.material'),
                currentUrl: topic?.material_participante_url ?? null,
              })}
              {uploadControl('material_instructor', {
                label: t('topics:fields.material_instructor'),
                description: t('topics:hints.material'),
                currentUrl: topic?.material_instructor_url ?? null,
              })}
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={legend('comercio')} radius="md">
          <Stack gap="md">
            <SwitchControl
              control={control}
              name="ecommerce"
              label={t('topics:fields.ecommerce')}
              description={t('topics:hints.ecommerce')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <div>
                <NumberControl
                  control={control}
                  name="precio"
                  label={t('topics:fields.precio')}
                  description={t('topics:hints.precio')}
                  min={0}
                  decimals={2}
                  prefix="$ "
                />
                <Group gap={6} mt={6} aria-live="polite">
                  <Text size="xs" c="dimmed">
                    {t('topics:form.price_shown')}
                  </Text>
                  {(price ?? 0) <= 0 ? (
                    <Badge color="teal" variant="light" size="sm">
                      {t('topics:free')}
                    </Badge>
                  ) : (
                    <Text size="xs" fw={600}>
                      {formatPrice(Math.round((price ?? 0) * 100), language, t('topics:free'))}
                    </Text>
                  )}
                  {!ecommerce && (
                    <Text size="xs" c="dimmed">
                      {t('topics:form.not_in_store')}
                    </Text>
                  )}
                </Group>
              </div>
              <TextInput label={t('topics:fields.categoria')} maxLength={CATEGORY_MAX} error={errors.categoria?.message} {...register('categoria')} />
            </SimpleGrid>
            <Controller
              control={control}
              name="etiquetas"
              render={({ field }) => (
                <TagsInput
                  ref={field.ref}
                  label={t('topics:fields.etiquetas')}
                  description={t('topics:hints.etiquetas')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  maxTags={TAGS_MAX}
                  clearable
                  error={errors.etiquetas?.message ?? errors.etiquetas?.find?.((e) => e?.message)?.message}
                />
              )}
            />
          </Stack>
        </Fieldset>

        <div className={classes.footer}>
          <Stack gap="xs">
            <FailureAlert message={failure} />
            {Object.keys(errors).length > 0 && !failure && (
              <Text size="sm" c="red" role="status">
                {t('topics:form.check_fields')}
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {editing ? t('common:actions.save') : t('topics:form.create')}
              </Button>
            </Group>
          </Stack>
        </div>
      </Stack>
    </form>
  );
}
