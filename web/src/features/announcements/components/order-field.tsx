import { NumberInput } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { numberOrNull } from '@/components/forms';
import { ORDER_MAX, ORDER_MIN } from './rules';

/** The 'Orden' field both announcement forms share (0–999, whole numbers). */
export function OrderField<T extends FieldValues & { orden: number | null }>({ control }: { control: Control<T> }) {
  const { t } = useTranslation('announcements');
  return (
    <Controller
      control={control}
      name={'orden' as FieldPath<T>}
      render={({ field, fieldState }) => (
        <NumberInput
          ref={field.ref}
          name={field.name}
          label={t('announcements:fields.orden')}
          description={t('announcements:hints.orden', { min: ORDER_MIN, max: ORDER_MAX })}
          withAsterisk
          min={ORDER_MIN}
          max={ORDER_MAX}
          allowNegative={false}
          allowDecimal={false}
          clampBehavior="none"
          maw={220}
          value={(field.value as number | null) ?? ''}
          onChange={(value) => field.onChange(numberOrNull(value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
