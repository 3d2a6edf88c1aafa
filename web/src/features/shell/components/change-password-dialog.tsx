import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from '@/components/password-checklist/password-checklist';
import { showAlert } from '@/lib/alerts';
import { logout } from '@/lib/auth/logout';
import { isPasswordValid } from '@/lib/password-rules';
import { postChangePassword } from '../api/change-password';

/** Spec §9: logout + reload 1.5 s after a successful change. */
export const CHANGE_PASSWORD_LOGOUT_MS = 1500;

export interface ChangePasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  employeeNumber?: string | number | null;
}

/** Current password + new password with the rule checklist; success ends the session. */
export function ChangePasswordDialog({ opened, onClose, employeeNumber }: ChangePasswordDialogProps) {
  const { t } = useTranslation(['shell', 'common', 'errors']);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const valid = current.length > 0 && isPasswordValid(password, repeat, employeeNumber);

  const close = () => {
    setCurrent('');
    setPassword('');
    setRepeat('');
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) {
      await showAlert({ title: t('shell:password.data_error'), message: t('common:password.mismatch') });
      return;
    }
    if (!valid || busy) return;
    setBusy(true);
    try {
      const answer = await postChangePassword(current, password);
      if (answer?.resp && answer.resp !== 'Excelente') {
        await showAlert({ title: t('errors:ui.ups'), message: answer.resp });
        return;
      }
      close();
      void showAlert({ title: t('common:success'), message: t('shell:password.updated'), tone: 'success' });
      timer.current = setTimeout(() => void logout(), CHANGE_PASSWORD_LOGOUT_MS);
    } catch {
      // The client showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('shell:password.title')} size="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('shell:password.current')}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            withAsterisk
            data-autofocus
            visibilityToggleButtonProps={{ 'aria-label': t('common:password.toggle') }}
          />
          <PasswordInput
            label={t('shell:password.new')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': t('common:password.toggle') }}
          />
          <PasswordInput
            label={t('shell:password.repeat')}
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            withAsterisk
            error={repeat.length > 0 && repeat !== password ? t('common:password.mismatch') : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('common:password.toggle') }}
          />
          <PasswordChecklist password={password} repeat={repeat} employeeNumber={employeeNumber} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={!valid} loading={busy}>
              {t('common:actions.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
