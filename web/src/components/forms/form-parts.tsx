import { Alert, Button, Group, Switch } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The message of a failed save, above the fields. */
export function FailureAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

/** Cancel + Guardar. */
export function FormButtons({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={busy}>
        {t('actions.save')}
      </Button>
    </Group>
  );
}

/** The "Activo" switch of an edit form. */
export function ActiveSwitch<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const { t } = useTranslation('common');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={t('fields.active')}
          checked={!!field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
        />
      )}
    />
  );
}
