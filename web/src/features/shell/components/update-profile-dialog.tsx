import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Avatar, Button, FileButton, Group, Modal, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showAlert } from '@/lib/alerts';
import { errorMessage } from '@/lib/api/client';
import { getToken, setSession } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import { browser } from '@/lib/browser';
import { photoProblem, postPhoto } from '../api/upload-photo';
import { postUpdateProfile } from '../api/update-profile';

/** Whether the e-mail or the RFC (login identifiers) differ from the stored ones. */
function changesIdentifiers(user: User, correo: string, rfc: string): boolean {
  return (
    correo.trim().toLowerCase() !== (user.correo_empleado ?? '').trim().toLowerCase() ||
    rfc.trim().toUpperCase() !== (user.rfc_empleado ?? '').trim().toUpperCase()
  );
}

function profileSchema(t: (key: string) => string, user: User) {
  const required = t('shell:profile.errors.required');
  return z
    .object({
      nombre_empleado: z.string().trim().min(1, required),
      telefono: z.string().trim().regex(/^\d+$/, t('shell:profile.errors.phone')),
      rfc_empleado: z.string().trim().min(12, t('shell:profile.errors.rfc')).max(13, t('shell:profile.errors.rfc')),
      correo_empleado: z.string().trim().pipe(z.email(t('shell:profile.errors.email'))),
      genero: z.enum(['H', 'M'], t('shell:profile.errors.gender')),
      fecha_nacimiento: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, t('shell:profile.errors.birth_date')),
      pass: z.string(),
    })
    .superRefine((v, ctx) => {
      if (changesIdentifiers(user, v.correo_empleado, v.rfc_empleado) && !v.pass) {
        ctx.addIssue({ code: 'custom', path: ['pass'], message: t('shell:profile.errors.current_password') });
      }
    });
}

type ProfileValues = z.infer<ReturnType<typeof profileSchema>>;

function initialValues(user: User): ProfileValues {
  return {
    nombre_empleado: user.nombre_empleado ?? '',
    telefono: user.telefono ?? '',
    rfc_empleado: user.rfc_empleado ?? '',
    correo_empleado: user.correo_empleado ?? '',
    genero: (user.genero === 'M' ? 'M' : user.genero === 'H' ? 'H' : '') as 'H',
    fecha_nacimiento: (user.fecha_nacimiento ?? '').slice(0, 10),
    pass: '',
  };
}

/** The user's own data and photo; success stores the new user and reloads (spec §8). */
export function UpdateProfileDialog({ opened, onClose, user }: { opened: boolean; onClose: () => void; user: User }) {
  const { t } = useTranslation(['shell', 'common', 'errors']);
  const schema = useMemo(() => profileSchema((k) => t(k), user), [t, user]);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({ resolver: zodResolver(schema), defaultValues: initialValues(user), mode: 'onTouched' });
  const [correo, rfc] = useWatch({ control, name: ['correo_empleado', 'rfc_empleado'] });
  const identifiersChanged = changesIdentifiers(user, correo, rfc);
  const [photo, setPhoto] = useState(user.foto_empleado ?? '');
  const [uploading, setUploading] = useState(false);

  const pickPhoto = async (file: File | null) => {
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      await showAlert({ title: t('errors:ui.ups'), message: t(`shell:profile.photo_${problem}`) });
      return;
    }
    setUploading(true);
    try {
      const answer = await postPhoto(file);
      if (!answer?.url) throw new Error('no url');
      setPhoto(answer.url);
    } catch (error) {
      await showAlert({
        title: t('errors:ui.ups'),
        message: t('shell:profile.photo_upload_error'),
        details: error instanceof Error && error.message !== 'no url' ? [errorMessage(error)] : undefined,
      });
    } finally {
      setUploading(false);
    }
  };

  const submit = async (values: ProfileValues) => {
    try {
      const answer = await postUpdateProfile({
        cve_empleado: user.cve_empleado,
        nombre_empleado: values.nombre_empleado.trim(),
        genero: values.genero,
        correo_empleado: values.correo_empleado.trim(),
        rfc_empleado: values.rfc_empleado.trim().toUpperCase(),
        fecha_nacimiento: values.fecha_nacimiento,
        telefono: values.telefono.trim(),
        foto_empleado: photo,
        ...(identifiersChanged ? { pass: values.pass } : {}),
      });
      const updated = answer?.user?.[0];
      if (updated) setSession(updated.token || getToken() || '', { ...user, ...updated });
      if (answer?.correo_pendiente) {
        await showAlert({
          tone: 'info',
          title: t('shell:profile.email_pending_title'),
          message: t('shell:profile.email_pending', { email: answer.correo_pendiente }),
        });
      }
      browser.reload();
    } catch {
      // The client showed the server's message.
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('shell:profile.title')} size="lg">
      <form onSubmit={handleSubmit(submit)} noValidate>
        <Stack gap="md">
          <Group gap="md">
            <Avatar src={photo || null} size={72} radius="xl" alt={t('shell:profile.photo_alt')} name={user.nombre_empleado} color="initials" />
            <Stack gap={4}>
              <FileButton onChange={(f) => void pickPhoto(f)} accept="image/png,image/gif,image/jpeg">
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} aria-hidden />} loading={uploading}>
                    {t('shell:profile.photo_change')}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t('shell:profile.photo_hint')}
              </Text>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('shell:profile.name')} withAsterisk error={errors.nombre_empleado?.message} {...register('nombre_empleado')} />
            <TextInput
              label={t('shell:profile.email')}
              type="email"
              autoComplete="email"
              withAsterisk
              error={errors.correo_empleado?.message}
              {...register('correo_empleado')}
            />
            <TextInput
              label={t('shell:profile.phone')}
              type="tel"
              inputMode="numeric"
              withAsterisk
              error={errors.telefono?.message}
              {...register('telefono')}
            />
            <TextInput
              label={t('shell:profile.rfc')}
              maxLength={13}
              withAsterisk
              styles={{ input: { textTransform: 'uppercase' } }}
              error={errors.rfc_empleado?.message}
              {...register('rfc_empleado')}
            />
            <TextInput
              label={t('shell:profile.birth_date')}
              type="date"
              withAsterisk
              error={errors.fecha_nacimiento?.message}
              {...register('fecha_nacimiento')}
            />
            <Controller
              control={control}
              name="genero"
              render={({ field }) => (
                <Radio.Group
                  label={t('shell:profile.gender')}
                  value={field.value || ''}
                  onChange={field.onChange}
                  withAsterisk
                  error={errors.genero?.message}
                >
                  <Group mt={6}>
                    <Radio value="H" label={t('shell:profile.gender_h')} />
                    <Radio value="M" label={t('shell:profile.gender_m')} />
                  </Group>
                </Radio.Group>
              )}
            />
          </SimpleGrid>
          {identifiersChanged && (
            <Stack gap="xs">
              <Alert color="blue" variant="light">
                {t('shell:profile.identifiers_notice')}
              </Alert>
              <PasswordInput
                label={t('shell:profile.current_password')}
                autoComplete="current-password"
                withAsterisk
                error={errors.pass?.message}
                {...register('pass')}
              />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={uploading}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
