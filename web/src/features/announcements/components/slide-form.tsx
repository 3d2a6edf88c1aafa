import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Radio, SimpleGrid, Skeleton, Stack, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { ActiveSwitch, FormButtons, applyServerError } from '@/components/forms';
import { ListError } from '@/components/states/list-states';
import { IMAGE_ACCEPT, UploadField } from '@/components/upload';
import { useProfiles } from '@/lib/api/shared/profiles';
import { saveSlide, type SlideAdmin } from '../api/slides';
import { SLIDE_TEXT_MAX, SLIDE_TITLE_MAX } from './rules';
import { OrderField } from './order-field';
import { SLIDE_INPUTS, SLIDE_TYPES, slidePayload, slideSchema, slideToValues, type SlideValues } from './slide-schema';

export interface SlideFormProps {
  /** The slide to edit; null for a new one. */
  slide: SlideAdmin | null;
  /** A new slide's order (after the last one). */
  nextOrder: number;
  onSaved: () => void;
  onCancel: () => void;
}

/** The profiles that see the slide: one box per profile of the permission matrix. */
function ProfilesField({ value, onChange, error }: { value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const { t } = useTranslation(['announcements', 'common']);
  const profiles = useProfiles();
  if (!profiles.data) {
    if (profiles.error !== undefined) {
      return <ListError title={t('announcements:slides.profiles_error')} error={profiles.error} onRetry={() => void profiles.mutate()} />;
    }
    return <Skeleton height={96} aria-busy />;
  }
  const sorted = [...profiles.data].sort((a, b) => a.idperfil - b.idperfil);
  return (
    <Checkbox.Group
      label={t('announcements:fields.perfiles')}
      description={t('announcements:hints.perfiles')}
      withAsterisk
      value={value}
      onChange={onChange}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
        {sorted.map((p) => (
          <Checkbox key={p.idperfil} value={String(p.idperfil)} label={p.perfil} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/**
 * A welcome slide's form (configuracion/slides): kind (image or text), title, the text or
 * the image with its preview, the profiles that see it, its order and whether it is active.
 * Sent as multipart; the server's field messages land under their inputs.
 */
export function SlideForm({ slide, nextOrder, onSaved, onCancel }: SlideFormProps) {
  const { t } = useTranslation(['announcements', 'common']);
  const storedImage = slide?.tipo === 'imagen';
  const schema = useMemo(() => slideSchema((k, o) => t(k, o), storedImage), [t, storedImage]);
  // Checked when saved, not as each field is left: a message appearing under the title as
  // the pointer presses 'Guardar' would move the button away before the click ends.
  const {
    register,
    control,
    handleSubmit,
    setError,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<SlideValues>({ resolver: zodResolver(schema), defaultValues: slideToValues(slide, nextOrder) });
  const tipo = useWatch({ control, name: 'tipo' });

  const submit = async (values: SlideValues) => {
    try {
      const answer = await saveSlide(slide?.cve_slide ?? null, slidePayload(values), values.tipo === 'imagen' ? values.imagen : null);
      showSaved(answer?.resp, slide ? t('announcements:slides.updated') : t('announcements:slides.created'));
      onSaved();
    } catch (error) {
      const message = applyServerError(error, setError, SLIDE_INPUTS);
      if (message !== null) notifications.show({ color: 'red', title: t('announcements:slides.save_error'), message });
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={slide ? t('announcements:slides.edit_title') : t('announcements:slides.new_title')}>
      <Stack gap="md">
        <Controller
          control={control}
          name="tipo"
          render={({ field }) => (
            <Radio.Group label={t('announcements:fields.tipo')} withAsterisk value={field.value} onChange={field.onChange} error={errors.tipo?.message}>
              <Group gap="lg" mt="xs">
                {SLIDE_TYPES.map((value) => (
                  <Radio key={value} value={value} label={t(`announcements:types.${value}`)} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <TextInput
          label={t('announcements:fields.titulo')}
          description={tipo === 'imagen' ? t('announcements:hints.titulo_imagen') : undefined}
          maxLength={SLIDE_TITLE_MAX}
          withAsterisk
          data-autofocus
          error={errors.titulo?.message}
          {...register('titulo')}
        />
        {tipo === 'texto' ? (
          <Textarea
            label={t('announcements:fields.contenido')}
            maxLength={SLIDE_TEXT_MAX}
            rows={5}
            resize="vertical"
            withAsterisk
            error={errors.contenido?.message}
            {...register('contenido')}
          />
        ) : (
          <Controller
            control={control}
            name="imagen"
            render={({ field, fieldState }) => (
              <UploadField
                label={t('announcements:fields.imagen')}
                description={t('announcements:hints.imagen_slide')}
                image
                required={!storedImage}
                accept={IMAGE_ACCEPT}
                currentUrl={storedImage ? slide?.contenido_slide : null}
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
        )}
        <Controller
          control={control}
          name="perfiles"
          render={({ field, fieldState }) => <ProfilesField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />
        <OrderField control={control} />
        <ActiveSwitch control={control} name="activo" />
        <FormButtons onCancel={onCancel} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
