import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, applyServerError, formatPrice, numberOrNull } from '@/components/forms';
import { IMAGE_ACCEPT, UploadField } from '@/components/upload';
import { useFormat } from '@/lib/i18n/use-format';
import { postBlock } from '../api/create-block';
import type { BlockDetail } from '../api/get-block';
import { putBlock } from '../api/update-block';
import { BLOCK_INPUTS, blockPayload, blockSchema, blockToValues, type BlockValues } from './block-schema';
import { BlockTypeField } from './block-type-field';
import { DESCRIPTION_MAX, NAME_MAX } from './rules';

export interface BlockFormProps {
  /** The block to edit; null to create one. */
  block: BlockDetail | null;
  onSaved: (id: number, created: boolean) => void;
  onCancel: () => void;
}

/** 'Nuevo bloque' (crear_bloque) and the block's "Datos": every field required, sent as multipart. */
export function BlockForm({ block, onSaved, onCancel }: BlockFormProps) {
  const { t } = useTranslation(['blocks', 'common']);
  const { language } = useFormat();
  const editing = block !== null;
  const schema = useMemo(() => blockSchema((k, o) => t(k, o), editing), [t, editing]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    trigger,
    getValues,
    formState: { errors, isSubmitting, touchedFields },
  } = useForm<BlockValues>({ resolver: zodResolver(schema), defaultValues: blockToValues(block), mode: 'onTouched' });
  const [failure, setFailure] = useState<string | null>(null);
  const [price, start, capacity] = useWatch({ control, name: ['precio', 'fecha_inicio', 'capacidad_asistencia'] });

  const submit = async (values: BlockValues) => {
    setFailure(null);
    const datos = blockPayload(values);
    try {
      if (block) {
        const answer = await putBlock(block.id_bloque, datos, values.imagen);
        showSaved(answer?.resp);
        reset({ ...values, imagen: null });
        onSaved(block.id_bloque, false);
      } else {
        const answer = await postBlock(datos, values.imagen);
        showSaved(answer?.resp);
        onSaved(Number(answer.id_bloque), true);
      }
    } catch (error) {
      setFailure(applyServerError(error, setError, BLOCK_INPUTS, { conflictField: 'nombre_bloque' }));
    }
  };

  const numberInput = (name: 'precio' | 'capacidad_asistencia', props: { label: string; description: string; decimals: number; prefix?: string }) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          ref={field.ref}
          name={field.name}
          label={props.label}
          description={props.description}
          withAsterisk
          min={0}
          allowNegative={false}
          allowDecimal={props.decimals > 0}
          decimalScale={props.decimals}
          clampBehavior="none"
          prefix={props.prefix}
          thousandSeparator={props.prefix ? ',' : undefined}
          value={field.value ?? ''}
          onChange={(value) => field.onChange(numberOrNull(value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={editing ? t('blocks:form.edit_title') : t('blocks:form.new_title')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('blocks:fields.nombre_bloque')}
            maxLength={NAME_MAX}
            withAsterisk
            error={errors.nombre_bloque?.message}
            {...register('nombre_bloque')}
          />
          <Controller
            control={control}
            name="id_tipo_bloque"
            render={({ field }) => (
              <BlockTypeField
                inputRef={field.ref}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  if (touchedFields.id_tipo_bloque || errors.id_tipo_bloque) void trigger('id_tipo_bloque');
                }}
                onBlur={field.onBlur}
                error={errors.id_tipo_bloque?.message}
              />
            )}
          />
          <div>
            {numberInput('precio', { label: t('blocks:fields.precio'), description: t('blocks:hints.precio'), decimals: 2, prefix: '$ ' })}
            <Group gap={6} mt={6} aria-live="polite">
              <Text size="xs" c="dimmed">
                {t('blocks:form.price_shown')}
              </Text>
              {(price ?? 0) <= 0 ? (
                <Badge color="teal" variant="light" size="sm">
                  {t('blocks:free')}
                </Badge>
              ) : (
                <Text size="xs" fw={600}>
                  {formatPrice(Math.round((price ?? 0) * 100), language, t('blocks:free'))}
                </Text>
              )}
            </Group>
          </div>
          <div>
            {numberInput('capacidad_asistencia', {
              label: t('blocks:fields.capacidad_asistencia'),
              description: t('blocks:hints.capacidad_asistencia'),
              decimals: 0,
            })}
            {capacity === 0 && (
              <Text size="xs" c="dimmed" mt={6}>
                {t('blocks:unlimited')}
              </Text>
            )}
          </div>
          <TextInput
            type="date"
            label={t('blocks:fields.fecha_inicio')}
            withAsterisk
            error={errors.fecha_inicio?.message}
            {...register('fecha_inicio', {
              onChange: () => {
                if (getValues('fecha_fin')) void trigger('fecha_fin');
              },
            })}
          />
          <TextInput
            type="date"
            label={t('blocks:fields.fecha_fin')}
            min={start || undefined}
            withAsterisk
            error={errors.fecha_fin?.message}
            {...register('fecha_fin')}
          />
        </SimpleGrid>
        <Textarea
          label={t('blocks:fields.descripcion')}
          maxLength={DESCRIPTION_MAX}
          rows={3}
          resize="vertical"
          withAsterisk
          error={errors.descripcion?.message}
          {...register('descripcion')}
        />
        <TextInput
          type="url"
          label={t('blocks:fields.video')}
          placeholder="https://"
          withAsterisk
          error={errors.video?.message}
          {...register('video')}
        />
        <Controller
          control={control}
          name="imagen"
          render={({ field, fieldState }) => (
            <UploadField
              label={t('blocks:fields.imagen')}
              description={t('blocks:hints.imagen')}
              image
              required={!editing}
              accept={IMAGE_ACCEPT}
              currentUrl={block?.imagen_url ?? null}
              inputRef={field.ref}
              file={field.value}
              onChange={(file) => {
                field.onChange(file);
                void trigger('imagen');
              }}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="activo"
          render={({ field }) => (
            <Switch
              ref={field.ref}
              label={t('blocks:fields.activo')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <FailureAlert message={failure} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {editing ? t('common:actions.save') : t('blocks:form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
