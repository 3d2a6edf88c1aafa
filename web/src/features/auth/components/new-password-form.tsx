import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from '@/components/password-checklist/password-checklist';
import { isPasswordValid } from '@/lib/password-rules';

export interface NewPasswordFormProps {
  employeeNumber?: string | number | null;
  onSubmit: (password: string) => Promise<void>;
  onBack?: () => void;
}

/** New password + repetition with the live rule checklist; Enviar waits for every rule. */
export function NewPasswordForm({ employeeNumber, onSubmit, onBack }: NewPasswordFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = isPasswordValid(password, repeat, employeeNumber);
  const employee = employeeNumber === null || employeeNumber === undefined ? '' : String(employeeNumber);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      await onSubmit(password);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label={t('auth:new_password.password')}
          leftSection={<IconLock size={16} aria-hidden />}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('common:password.toggle') }}
        />
        <PasswordInput
          label={t('auth:new_password.repeat')}
          leftSection={<IconLock size={16} aria-hidden />}
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          autoComplete="new-password"
          required
          error={repeat.length > 0 && repeat !== password ? t('common:password.mismatch') : undefined}
          visibilityToggleButtonProps={{ 'aria-label': t('common:password.toggle') }}
        />
        {employee !== '' && password === employee && (
          <Text size="sm" c="red" role="alert">
            {t('common:password.equals_employee', { id: employee })}
          </Text>
        )}
        <PasswordChecklist password={password} repeat={repeat} employeeNumber={employeeNumber} />
        <Group justify="space-between" mt="xs">
          {onBack ? (
            <Button variant="default" onClick={onBack}>
              {t('common:actions.back')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={!valid} loading={busy}>
            {t('common:actions.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
