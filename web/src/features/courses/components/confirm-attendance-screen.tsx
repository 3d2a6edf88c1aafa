import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isSessionEnd } from '@/components/forms';
import { ApiError } from '@/lib/api/errors';
import { postConfirmAttendance } from '../api/confirm-attendance';

type State = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string } | { kind: 'invalid' };

/**
 * /menu/confirmar_asistencia/curso/:id — the e-mail's link: confirms the enrolment's
 * attendance once and shows the result, the server's message, or 'Problemas para confirmar
 * Asistencia'.
 */
export function ConfirmAttendanceScreen() {
  const { t } = useTranslation(['courses', 'common']);
  const { id } = useParams();
  const cve = Number(id);
  const valid = Number.isInteger(cve) && cve > 0;
  const [state, setState] = useState<State>(valid ? { kind: 'working' } : { kind: 'invalid' });
  const sent = useRef(false);

  useEffect(() => {
    if (!valid || sent.current) return;
    sent.current = true;
    postConfirmAttendance(cve).then(
      () => setState({ kind: 'done' }),
      (error: unknown) => {
        if (isSessionEnd(error)) return;
        const resp = error instanceof ApiError ? error.resp : undefined;
        setState({ kind: 'failed', message: resp || t('courses:confirm.error') });
      },
    );
  }, [cve, valid, t]);

  return (
    <Center py="xl">
      <Paper withBorder radius="lg" p="lg" maw={480} w="100%">
        <Stack gap="md" align="center">
          {state.kind === 'working' && (
            <>
              <Loader aria-label={t('courses:confirm.working')} />
              <Text>{t('courses:confirm.working')}</Text>
            </>
          )}
          {state.kind === 'done' && (
            <>
              <IconCircleCheck size={48} color="var(--mantine-color-teal-7)" aria-hidden />
              <Text fw={700} role="status">
                {t('courses:confirm.done')}
              </Text>
            </>
          )}
          {state.kind === 'failed' && (
            <Alert color="red" role="alert" title={t('errors:ui.ups')} w="100%">
              {state.message}
            </Alert>
          )}
          {state.kind === 'invalid' && (
            <Alert color="red" role="alert" w="100%">
              {t('courses:confirm.error')}
            </Alert>
          )}
          <Button component={Link} to="/menu/consultar_plan_capacitacion" variant="light">
            {t('courses:confirm.to_plan')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
