import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FailureAlert, applyServerError } from '@/components/forms';
import { errorMessage } from '@/lib/api/client';
import { useProfiles } from '@/lib/api/shared/profiles';
import { postApiKey, type CreatedApiKey } from '../api/create-api-key';
import { NAME_MAX, defaultProfiles, grantableProfiles } from './rules';

type T = (key: string, options?: Record<string, unknown>) => string;

function keySchema(t: T) {
  return z.object({
    nombre: z
      .string()
      .trim()
      .min(1, t('api-keys:form.required'))
      .max(NAME_MAX, t('api-keys:form.too_long', { max: NAME_MAX })),
    perfiles: z.array(z.string()).min(1, t('api-keys:form.no_profiles')),
  });
}

type KeyValues = z.infer<ReturnType<typeof keySchema>>;
const INPUTS = ['nombre', 'perfiles'] as const;

interface NewApiKeyModalProps {
  opened: boolean;
  onClose: () => void;
  /** The key was stored: its token is in `created`, and nowhere else. */
  onCreated: (created: CreatedApiKey) => void;
}

/** The "Nueva llave" dialog: a name and the profiles the key may create (Participante by default). */
export function NewApiKeyModal({ opened, onClose, onCreated }: NewApiKeyModalProps) {
  const { t } = useTranslation('api-keys');
  return (
    <Modal opened={opened} onClose={onClose} title={t('form.title')} size="lg">
      {opened && <NewApiKeyForm onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

/** The form, loaded with the profiles it offers. */
export function NewApiKeyForm({ onClose, onCreated }: Omit<NewApiKeyModalProps, 'opened'>) {
  const { t } = useTranslation(['api-keys', 'common']);
  const { data, error, isLoading, mutate } = useProfiles();
  if (error !== undefined && !data)
    return (
      <Alert color="red" variant="light" role="alert" title={t('api-keys:form.profiles_error')}>
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" mt="sm" variant="white" color="red" onClick={() => void mutate()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  if (isLoading || !data)
    return (
      <Stack gap="md" role="status" aria-label={t('common:loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  const offered = grantableProfiles(data);
  return <KeyForm offered={offered.map((p) => ({ name: p.perfil, description: p.descripcion }))} initial={defaultProfiles(offered)} onClose={onClose} onCreated={onCreated} />;
}

interface KeyFormProps extends Omit<NewApiKeyModalProps, 'opened'> {
  offered: { name: string; description: string }[];
  initial: string[];
}

function KeyForm({ offered, initial, onClose, onCreated }: KeyFormProps) {
  const { t } = useTranslation(['api-keys', 'common']);
  const schema = useMemo(() => keySchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<KeyValues>({
    resolver: zodResolver(schema),
    defaultValues: { nombre: '', perfiles: initial },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: KeyValues) => {
    setFailure(null);
    try {
      const created = await postApiKey({ nombre: values.nombre.trim(), perfiles: values.perfiles });
      onCreated(created);
    } catch (err) {
      // A name already in use by an active key answers 409 apis.nombre_duplicado.
      setFailure(applyServerError(err, setError, INPUTS, { conflictField: 'nombre', codeFields: { 'apis.sin_administrador': 'perfiles' } }));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <TextInput
          label={t('api-keys:form.nombre')}
          description={t('api-keys:form.nombre_hint')}
          maxLength={NAME_MAX}
          withAsterisk
          data-autofocus
          autoComplete="off"
          error={errors.nombre?.message}
          {...register('nombre')}
        />
        <Controller
          control={control}
          name="perfiles"
          render={({ field }) => (
            <Checkbox.Group
              label={t('api-keys:form.perfiles')}
              description={t('api-keys:form.perfiles_hint')}
              value={field.value}
              onChange={field.onChange}
              withAsterisk
              error={errors.perfiles?.message}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
                {offered.map((p) => (
                  <Checkbox key={p.name} value={p.name} label={p.name} description={p.description || undefined} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('api-keys:form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
