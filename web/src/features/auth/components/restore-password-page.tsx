import { Anchor, Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageMenu } from '@/components/language-menu/language-menu';
import { showAlert } from '@/lib/alerts';
import { errorMessage } from '@/lib/api/client';
import { decodeToken } from '@/lib/auth/jwt';
import { postResetUser } from '../api/reset-user';
import { NewPasswordForm } from './new-password-form';

/** Spec §9: back to Login 1.5 s after a successful reset. */
export const RESET_REDIRECT_MS = 1500;

/** `/restorePassword/:jwt`: sets a new password with the token sent by e-mail. */
export function RestorePasswordPage({ jwt }: { jwt: string }) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [openedAt] = useState(() => Date.now());
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const payload = decodeToken(jwt);
  const cve = Number(payload?.cve_empleado ?? NaN);
  const expired = typeof payload?.exp === 'number' && payload.exp * 1000 < openedAt;
  const usable = !!payload && Number.isFinite(cve) && cve > 0 && !expired;

  const submit = async (password: string) => {
    try {
      const answer = await postResetUser(jwt, password, cve);
      if (answer?.resp !== 'Excelente') {
        await showAlert({ title: t('errors:ui.ups_alt'), message: answer?.resp || t('errors:ui.generico') });
        return;
      }
      notifications.show({ color: 'teal', title: t('common:success'), message: t('auth:messages.user_updated') });
      timer.current = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    } catch (error) {
      await showAlert({ title: t('errors:ui.ups_alt'), message: errorMessage(error) });
    }
  };

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box p="sm" style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <LanguageMenu compact />
      </Box>
      <Center px="md" pb="xl">
        <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={460}>
          {usable ? (
            <Stack gap="sm">
              <ThemeIcon size={48} radius="xl" variant="light">
                <IconKey size={26} aria-hidden />
              </ThemeIcon>
              <Title order={1} size="h3">
                {t('auth:restore.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('auth:restore.text')}
              </Text>
              <NewPasswordForm
                employeeNumber={payload?.num_empleado ?? cve}
                onSubmit={submit}
                onBack={() => navigate('/login')}
              />
            </Stack>
          ) : (
            <Stack gap="sm" align="center" ta="center">
              <ThemeIcon size={48} radius="xl" variant="light" color="orange">
                <IconLinkOff size={26} aria-hidden />
              </ThemeIcon>
              <Title order={1} size="h3">
                {t('auth:restore.invalid_title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('auth:restore.invalid_text')}
              </Text>
              <Anchor component={Link} to="/login">
                {t('auth:restore.back_to_login')}
              </Anchor>
            </Stack>
          )}
        </Paper>
      </Center>
    </Box>
  );
}
