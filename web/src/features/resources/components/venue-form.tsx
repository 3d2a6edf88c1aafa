import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showSaved } from '@/components/feedback';
import { ActiveSwitch, FailureAlert, FormButtons, applyServerError, optional } from '@/components/forms';
import { ImageField, type PickedImage } from '@/components/upload';
import { errorMessage } from '@/lib/api/client';
import { isOn } from '@/lib/flags';
import type { Venue } from '../api/resource-types';
import { postVenueSketch } from '../api/upload-sketch';
import { NAME_MAX, NAME_PATTERN, TEXT_MAX, URL_MAX, isWebUrl } from './rules';
import { useResourceSave } from './save-resource';

type T = (key: string, options?: Record<string, unknown>) => string;

function venueSchema(t: T) {
  const required = t('resources:validation.required');
  return z.object({
    nombre: z
      .string()
      .trim()
      .min(1, required)
      .max(NAME_MAX, t('resources:validation.too_long', { max: NAME_MAX }))
      .regex(NAME_PATTERN, t('resources:validation.alphanumeric')),
    url_mapa: z
      .string()
      .trim()
      .max(URL_MAX, t('resources:validation.too_long', { max: URL_MAX }))
      .refine((v) => v === '' || isWebUrl(v), t('resources:validation.url')),
    direccion: z.string().trim().max(TEXT_MAX, t('resources:validation.too_long', { max: TEXT_MAX })),
    activo: z.boolean(),
  });
}

type VenueValues = z.infer<ReturnType<typeof venueSchema>>;
const INPUTS = ['nombre', 'url_mapa', 'direccion', 'activo'] as const;

interface VenueFormProps {
  id: number | null;
  record: Venue | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Venue: name (required, alphanumeric), maps link (http/https), address and a sketch image. */
export function VenueForm({ id, record, onClose, onSaved }: VenueFormProps) {
  const { t } = useTranslation(['resources', 'common', 'errors']);
  const schema = useMemo(() => venueSchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VenueValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      nombre: record?.nombre ?? '',
      url_mapa: record?.url_mapa ?? '',
      direccion: record?.direccion ?? '',
      activo: record ? isOn(record.activo ?? 1) : true,
    },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [sketch, setSketch] = useState<PickedImage | null>(null);
  const [sketchUrl, setSketchUrl] = useState<string | null>(record?.croquis_url ?? null);
  const mapUrl = (useWatch({ control, name: 'url_mapa' }) ?? '').trim();
  const { save } = useResourceSave('sedes', id);

  const submit = async (values: VenueValues) => {
    setFailure(null);
    let saved: { id: number | null; resp?: string };
    try {
      saved = await save(
        { nombre: values.nombre.trim(), url_mapa: optional(values.url_mapa), direccion: optional(values.direccion) },
        values.activo,
      );
    } catch (error) {
      setFailure(applyServerError(error, setError, INPUTS, { focus: false }));
      return;
    }
    if (sketch) {
      try {
        if (saved.id === null) throw new Error('no id');
        const answer = await postVenueSketch(saved.id, sketch.file);
        setSketchUrl(answer?.croquis_url ?? answer?.url ?? sketch.preview);
        setSketch(null);
      } catch (error) {
        onSaved();
        setFailure([t('resources:image.upload_failed'), error instanceof Error && error.message === 'no id' ? '' : errorMessage(error)].filter(Boolean).join(' '));
        return;
      }
    }
    showSaved(saved.resp);
    onSaved();
    onClose();
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <TextInput label={t('resources:fields.nombre')} maxLength={NAME_MAX} withAsterisk error={errors.nombre?.message} {...register('nombre')} />
        <Stack gap={4}>
          <TextInput
            label={t('resources:fields.url_mapa')}
            type="url"
            inputMode="url"
            placeholder="https://maps.google.com/…"
            maxLength={URL_MAX}
            error={errors.url_mapa?.message}
            {...register('url_mapa')}
          />
          {isWebUrl(mapUrl) && (
            <Group gap={4}>
              <Anchor href={mapUrl} target="_blank" rel="noopener noreferrer" size="sm">
                {t('resources:sedes.open_map')}
              </Anchor>
              <IconExternalLink size={14} aria-hidden />
            </Group>
          )}
        </Stack>
        <Textarea
          label={t('resources:fields.direccion')}
          maxLength={TEXT_MAX}
          rows={3}
          error={errors.direccion?.message}
          {...register('direccion')}
        />
        <ImageField
          label={t('resources:fields.croquis')}
          previewAlt={t('resources:sedes.sketch_alt')}
          currentUrl={sketchUrl}
          value={sketch}
          onChange={setSketch}
        />
        {id !== null && <ActiveSwitch control={control} name="activo" />}
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
