import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { ActiveSwitch, FormButtons, applyServerError } from '@/components/forms';
import { IMAGE_ACCEPT, UploadField } from '@/components/upload';
import { saveNews, type NoticiaAdmin } from '../api/news';
import { NEWS_INPUTS, newsPayload, newsSchema, newsToValues, type NewsValues } from './news-schema';
import { NEWS_LINK_MAX, NEWS_SUMMARY_MAX, NEWS_TITLE_MAX } from './rules';
import { OrderField } from './order-field';

export interface NewsFormProps {
  /** The item to edit; null for a new one. */
  item: NoticiaAdmin | null;
  /** `YYYY-MM-DD` a new item is published from. */
  today: string;
  /** A new item's order (after the last one). */
  nextOrder: number;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * A news item's form (configuracion/noticias): title, short description, optional link, the
 * dates it is published between, its image with a preview, order and whether it is active.
 * Sent as multipart; the server's field messages land under their inputs.
 */
export function NewsForm({ item, today, nextOrder, onSaved, onCancel }: NewsFormProps) {
  const { t } = useTranslation(['announcements', 'common']);
  const storedImage = !!item?.imagen;
  const schema = useMemo(() => newsSchema((k, o) => t(k, o), storedImage), [t, storedImage]);
  // Checked when saved, not as each field is left: a message appearing under the title as
  // the pointer presses 'Guardar' would move the button away before the click ends.
  const {
    register,
    control,
    handleSubmit,
    setError,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<NewsValues>({ resolver: zodResolver(schema), defaultValues: newsToValues(item, today, nextOrder) });
  const start = useWatch({ control, name: 'fecha_inicio' });

  const submit = async (values: NewsValues) => {
    try {
      const answer = await saveNews(item?.cve_noticia ?? null, newsPayload(values), values.imagen);
      showSaved(answer?.resp, item ? t('announcements:news.updated') : t('announcements:news.created'));
      onSaved();
    } catch (error) {
      const message = applyServerError(error, setError, NEWS_INPUTS);
      if (message !== null) notifications.show({ color: 'red', title: t('announcements:news.save_error'), message });
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={item ? t('announcements:news.edit_title') : t('announcements:news.new_title')}>
      <Stack gap="md">
        <TextInput
          label={t('announcements:fields.titulo')}
          maxLength={NEWS_TITLE_MAX}
          withAsterisk
          data-autofocus
          error={errors.titulo?.message}
          {...register('titulo')}
        />
        <Textarea
          label={t('announcements:fields.descripcion_corta')}
          description={t('announcements:hints.descripcion_corta', { max: NEWS_SUMMARY_MAX })}
          maxLength={NEWS_SUMMARY_MAX}
          rows={3}
          resize="vertical"
          error={errors.descripcion_corta?.message}
          {...register('descripcion_corta')}
        />
        <TextInput
          type="url"
          label={t('announcements:fields.enlace')}
          description={t('announcements:hints.enlace')}
          placeholder="https://"
          maxLength={NEWS_LINK_MAX}
          error={errors.enlace?.message}
          {...register('enlace')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            type="date"
            label={t('announcements:fields.fecha_inicio')}
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
            label={t('announcements:fields.fecha_fin')}
            description={t('announcements:hints.fecha_fin')}
            min={start || undefined}
            error={errors.fecha_fin?.message}
            {...register('fecha_fin')}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="imagen"
          render={({ field, fieldState }) => (
            <UploadField
              label={t('announcements:fields.imagen_noticia')}
              description={t('announcements:hints.imagen_news')}
              image
              required={!storedImage}
              accept={IMAGE_ACCEPT}
              currentUrl={item?.imagen ?? null}
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
        <OrderField control={control} />
        <ActiveSwitch control={control} name="activa" />
        <FormButtons onCancel={onCancel} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
