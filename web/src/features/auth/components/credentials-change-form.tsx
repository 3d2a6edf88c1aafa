import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showAlert } from '@/lib/alerts';
import { errorMessage } from '@/lib/api/client';
import { decodeToken } from '@/lib/auth/jwt';
import { postResetUser } from '../api/reset-user';
import { NewPasswordForm } from './new-password-form';

export interface CredentialsChange {
  jwt: string;
  cve_empleado: number;
}

/** Forced credential change after a "Cambio de credenciales" login answer. */
export function CredentialsChangeForm({ change, onDone }: { change: CredentialsChange; onDone: () => void }) {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const payload = decodeToken(change.jwt);
  const employeeNumber = payload?.num_empleado ?? change.cve_empleado;

  const submit = async (password: string) => {
    try {
      const answer = await postResetUser(change.jwt, password, change.cve_empleado);
      if (answer?.resp !== 'Excelente') {
        await showAlert({ title: t('errors:ui.ups_alt'), message: answer?.resp || t('errors:ui.generico') });
        return;
      }
      await showAlert({ title: t('common:success'), message: t('auth:messages.user_updated'), tone: 'success' });
      onDone();
    } catch (error) {
      await showAlert({ title: t('errors:ui.ups_alt'), message: errorMessage(error) });
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('auth:change.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('auth:change.text')}
      </Text>
      <NewPasswordForm employeeNumber={employeeNumber} onSubmit={submit} onBack={onDone} />
    </Stack>
  );
}
