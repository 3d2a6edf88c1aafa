import { Anchor, Box, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from '@/components/language-menu/language-menu';
import { errorMessage } from '@/lib/api/client';
import { postConfirmEmail } from '../api/confirm-email';

type State = { kind: 'sending' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** `/confirmarCorreo/:token`: the link sent to a new e-mail address; opening it stores the address. */
export function ConfirmEmailPage({ token }: { token: string }) {
  const { t } = useTranslation(['shell', 'errors']);
  const [state, setState] = useState<State>({ kind: 'sending' });
  // The link is single-use: a second effect run (StrictMode) must not spend it again.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    postConfirmEmail(token)
      .then(() => setState({ kind: 'done' }))
      .catch((error: unknown) => setState({ kind: 'failed', message: errorMessage(error) }));
  }, [token]);

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box p="sm" style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <LanguageMenu compact />
      </Box>
      <Center px="md" pb="xl">
        <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={460}>
          <Stack gap="sm" align="center" ta="center" aria-live="polite">
            {state.kind === 'sending' && (
              <>
                <Loader aria-hidden />
                <Text>{t('shell:confirm_email.sending')}</Text>
              </>
            )}
            {state.kind === 'done' && (
              <>
                <ThemeIcon size={48} radius="xl" variant="light" color="teal">
                  <IconMailCheck size={26} aria-hidden />
                </ThemeIcon>
                <Title order={1} size="h3">
                  {t('shell:confirm_email.done_title')}
                </Title>
                <Text size="sm">{t('shell:confirm_email.done_text')}</Text>
              </>
            )}
            {state.kind === 'failed' && (
              <>
                <ThemeIcon size={48} radius="xl" variant="light" color="orange">
                  <IconLinkOff size={26} aria-hidden />
                </ThemeIcon>
                <Title order={1} size="h3">
                  {t('shell:confirm_email.failed_title')}
                </Title>
                <Text size="sm">{state.message}</Text>
              </>
            )}
            {state.kind !== 'sending' && (
              <Anchor component={Link} to="/login">
                {t('shell:confirm_email.to_login')}
              </Anchor>
            )}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
