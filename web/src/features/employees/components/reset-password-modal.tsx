import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEnd } from '@/components/forms/server-errors';
import { PasswordChecklist } from '@/components/password-checklist/password-checklist';
import { errorMessage } from '@/lib/api/client';
import { isPasswordValid } from '@/lib/password-rules';
import { postResetPassword } from '../api/reset-password';
import { showDone } from './toast';

export interface ResetTarget {
  cve_empleado: number;
  nombre_empleado: string;
  num_empleado: string | number | null;
}

/** 'Restablecer contraseña' by an administrator: the spec §5 rules; the user changes it at the next login. */
export function ResetPasswordModal({ employee, onClose }: { employee: ResetTarget | null; onClose: () => void }) {
  const { t } = useTranslation('employees');
  return (
    <Modal opened={!!employee} onClose={onClose} title={t('reset.title')} size="md">
      {employee && <ResetForm key={employee.cve_empleado} employee={employee} onClose={onClose} />}
    </Modal>
  );
}

function ResetForm({ employee, onClose }: { employee: ResetTarget; onClose: () => void }) {
  const { t } = useTranslation(['employees', 'common', 'errors']);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const valid = isPasswordValid(password, repeat, employee.num_empleado);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postResetPassword(employee.cve_empleado, password);
      if (answer?.resp && answer.resp !== 'Excelente') {
        setFailure(answer.resp);
        return;
      }
      showDone(t('employees:reset.done'));
      onClose();
    } catch (error) {
      if (isSessionEnd(error)) onClose();
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('employees:reset.intro', { name: employee.nombre_empleado })}</Text>
        <PasswordInput
          label={t('employees:reset.new')}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          withAsterisk
          data-autofocus
          visibilityToggleButtonProps={{ 'aria-label': t('common:password.toggle') }}
        />
        <PasswordInput
          label={t('employees:reset.repeat')}
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          withAsterisk
          error={repeat.length > 0 && repeat !== password ? t('common:password.mismatch') : undefined}
          visibilityToggleButtonProps={{ 'aria-label': t('common:password.toggle') }}
        />
        <PasswordChecklist password={password} repeat={repeat} employeeNumber={employee.num_empleado} />
        {failure && (
          <Alert color="red" variant="light" role="alert" title={t('errors:ui.ups')}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={!valid} loading={busy}>
            {t('employees:reset.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
