import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarDown } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { saveBlob } from '@/components/data-table/export';
import { failureMessage } from '@/components/forms';
import { downloadCourseIcs } from '../api/course-ics';

type State = 'working' | 'done' | 'failed';

/** /menu/descargar_ics/curso/:cve_curso — downloads the course's ICS with the session's bearer. */
export function DownloadIcsScreen() {
  const { t } = useTranslation(['courses', 'common']);
  const { cve_curso } = useParams();
  const cve = Number(cve_curso);
  const valid = Number.isInteger(cve) && cve > 0;
  const [state, setState] = useState<State>(valid ? 'working' : 'failed');
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);

  const download = useCallback(async () => {
    setState('working');
    try {
      const file = await downloadCourseIcs(cve);
      saveBlob(file.blob, file.filename ?? `curso-${cve}.ics`);
      setState('done');
    } catch (error) {
      setMessage(failureMessage(error));
      setState('failed');
    }
  }, [cve]);

  useEffect(() => {
    if (!valid || started.current) return;
    started.current = true;
    void download();
  }, [valid, download]);

  return (
    <Center py="xl">
      <Paper withBorder radius="lg" p="lg" maw={480} w="100%">
        <Stack gap="md" align="center">
          {state === 'working' && <Loader aria-label={t('courses:ics.working')} />}
          {state === 'done' && (
            <Text role="status" ta="center">
              {t('courses:ics.done')}
            </Text>
          )}
          {state === 'failed' && (
            <Alert color="red" role="alert" w="100%">
              {message || t('courses:ics.error')}
            </Alert>
          )}
          <Group justify="center">
            {valid && state !== 'working' && (
              <Button variant="light" leftSection={<IconCalendarDown size={16} aria-hidden />} onClick={() => void download()}>
                {t('courses:ics.again')}
              </Button>
            )}
            <Button component={Link} to="/menu/consultar_plan_capacitacion" variant="default">
              {t('courses:confirm.to_plan')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
