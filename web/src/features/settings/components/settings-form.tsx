import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  ColorInput,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import { notifications } from '@mantine/notifications';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { showSaved } from '@/components/feedback';
import { FailureAlert, applyServerError, numberOrNull } from '@/components/forms';
import { CIA_KEY } from '@/lib/company/get-cia';
import { useFormat } from '@/lib/i18n/use-format';
import type { CompanySettings } from '../api/get-settings';
import { putSettings } from '../api/update-settings';
import {
  COLOR_FIELDS,
  COLOR_SWATCHES,
  CURRENCIES,
  JITSI_MAX,
  SETTINGS_INPUTS,
  TEAMS_MAX,
  TIME_ZONES,
  settingsSchema,
  toPatch,
  toValues,
  zoneLabel,
  type SettingsValues,
} from './settings-rules';

interface SettingsFormProps {
  settings: CompanySettings;
  /** The server stored the changes and answered the configuration as it is now. */
  onSaved: (saved: CompanySettings) => unknown;
}

/** One titled part of the form. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} shadow="xs">
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The form of the company configuration; a save sends only what changed. */
export function SettingsForm({ settings, onSaved }: SettingsFormProps) {
  const { t } = useTranslation(['settings', 'common']);
  const { language } = useFormat();
  const { mutate } = useSWRConfig();
  const schema = useMemo(() => settingsSchema((k, o) => t(k, o)), [t]);
  const [initial, setInitial] = useState<SettingsValues>(() => toValues(settings));
  const [secretStored, setSecretStored] = useState(!!settings.teams_client_secret_configurado);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SettingsValues>({
    resolver: zodResolver(schema),
    defaultValues: initial,
    mode: 'onTouched',
  });

  const currencies = useMemo(() => {
    const stored = initial.moneda;
    const known: string[] = [...CURRENCIES];
    if (stored && !known.includes(stored)) known.push(stored);
    return known.map((value) => ({
      value,
      label: t(`settings:currencies.${value}`, { defaultValue: value }),
    }));
  }, [t, initial.moneda]);
  const zones = useMemo(() => TIME_ZONES.map((zone) => ({ value: zone, label: zoneLabel(zone, language) })), [language]);

  const submit = async (values: SettingsValues) => {
    setFailure(null);
    const patch = toPatch(initial, values);
    if (Object.keys(patch).length === 0) {
      notifications.show({ color: 'gray', message: t('settings:no_changes') });
      return;
    }
    try {
      const saved = await putSettings(patch);
      const now = toValues(saved);
      setInitial(now);
      setSecretStored(!!saved.teams_client_secret_configurado);
      reset(now);
      await onSaved(saved);
      // Colours, currency and switches elsewhere in the app read the shared configuration.
      void mutate(CIA_KEY, saved, { revalidate: false });
      showSaved(undefined, t('settings:saved'));
    } catch (err) {
      setFailure(applyServerError(err, setError, SETTINGS_INPUTS));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={t('settings:form_label')}>
      <Stack gap="lg">
        <FailureAlert message={failure} />

        <Section title={t('settings:sections.empresa')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('settings:fields.nomcia')} withAsterisk autoComplete="organization" error={errors.nomcia?.message} {...register('nomcia')} />
            <TextInput
              label={t('settings:fields.ubicacion')}
              description={t('settings:hints.ubicacion')}
              error={errors.ubicacion?.message}
              {...register('ubicacion')}
            />
            <Controller
              control={control}
              name="moneda"
              render={({ field }) => (
                <Select
                  label={t('settings:fields.moneda')}
                  description={t('settings:hints.moneda')}
                  withAsterisk
                  data={currencies}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  allowDeselect={false}
                  error={errors.moneda?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="tipo_cambio"
              render={({ field }) => (
                <NumberInput
                  label={t('settings:fields.tipo_cambio')}
                  description={t('settings:hints.tipo_cambio')}
                  withAsterisk
                  min={0}
                  decimalScale={4}
                  value={field.value ?? ''}
                  onChange={(v) => field.onChange(numberOrNull(v))}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.tipo_cambio?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="zona_horaria"
              render={({ field }) => (
                <Select
                  label={t('settings:fields.zona_horaria')}
                  description={t('settings:hints.zona_horaria')}
                  withAsterisk
                  searchable
                  data={zones}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  allowDeselect={false}
                  error={errors.zona_horaria?.message}
                />
              )}
            />
          </SimpleGrid>
        </Section>

        <Section title={t('settings:sections.cursos')}>
          <TextInput
            type="url"
            label={t('settings:fields.jitsi_servidor')}
            description={t('settings:hints.jitsi_servidor')}
            placeholder="https://meet.jit.si"
            maxLength={JITSI_MAX}
            autoComplete="off"
            error={errors.jitsi_servidor?.message}
            {...register('jitsi_servidor')}
          />
          <Text size="sm" c="dimmed">
            {t('settings:hints.teams')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('settings:fields.teams_tenant_id')}
              maxLength={TEAMS_MAX}
              autoComplete="off"
              error={errors.teams_tenant_id?.message}
              {...register('teams_tenant_id')}
            />
            <TextInput
              label={t('settings:fields.teams_client_id')}
              maxLength={TEAMS_MAX}
              autoComplete="off"
              error={errors.teams_client_id?.message}
              {...register('teams_client_id')}
            />
            <TextInput
              label={t('settings:fields.teams_organizador')}
              description={t('settings:hints.teams_organizador')}
              maxLength={TEAMS_MAX}
              autoComplete="off"
              error={errors.teams_organizador?.message}
              {...register('teams_organizador')}
            />
            <PasswordInput
              label={t('settings:fields.teams_client_secret')}
              description={secretStored ? t('settings:secret.stored') : t('settings:secret.none')}
              placeholder={secretStored ? t('settings:secret.stored_placeholder') : undefined}
              autoComplete="new-password"
              error={errors.teams_client_secret?.message}
              {...register('teams_client_secret')}
            />
          </SimpleGrid>
          <FlagSwitch
            control={control}
            name="recertificacion_automatica"
            label={t('settings:fields.recertificacion_automatica')}
            description={t('settings:hints.recertificacion_automatica')}
            error={errors.recertificacion_automatica?.message}
          />
          <FlagSwitch control={control} name="epv" label={t('settings:fields.epv')} description={t('settings:hints.epv')} error={errors.epv?.message} />
        </Section>

        <Section title={t('settings:sections.apariencia')}>
          <Text size="sm" c="dimmed">
            {t('settings:hints.colores')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {COLOR_FIELDS.map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <ColorInput
                    label={t(`settings:fields.${name}`)}
                    format="hex"
                    // Mantine's saturation and hue sliders have no accessible names: the
                    // dropdown offers named swatches, and any colour can be typed.
                    withPicker={false}
                    swatches={[...COLOR_SWATCHES]}
                    swatchesPerRow={7}
                    withEyeDropper={false}
                    value={field.value}
                    onChange={(v) => field.onChange(v.toUpperCase())}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors[name]?.message}
                  />
                )}
              />
            ))}
          </SimpleGrid>
        </Section>

        <Group justify="flex-end">
          {isDirty && (
            <Button variant="default" onClick={() => reset(initial)} disabled={isSubmitting}>
              {t('settings:discard')}
            </Button>
          )}
          <Button type="submit" loading={isSubmitting}>
            {t('settings:save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A '0'/'1' company switch. */
function FlagSwitch({
  control,
  name,
  label,
  description,
  error,
}: {
  control: Control<SettingsValues>;
  name: 'recertificacion_automatica' | 'epv';
  label: string;
  description: string;
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          description={description}
          checked={field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
        />
      )}
    />
  );
}
