import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconVideo, IconVideoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { postMeeting } from '../../api/create-meeting';
import { deleteMeeting } from '../../api/delete-meeting';
import type { CursoDetalle, Modalidad } from '../../api/types';
import { allowsMeeting } from '../course-rules';

function safeUrl(value: string | null | undefined): string | null {
  try {
    const url = new URL(value ?? '');
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** 'Reunión': the online meeting of a virtual or streaming course. */
export function MeetingTab({ course: c, readOnly, onChanged }: { course: CursoDetalle; readOnly: boolean; onChanged: () => void }) {
  const { t } = useTranslation('courses');
  const [busy, setBusy] = useState<'create' | 'delete' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const url = safeUrl(c.reunion_url);
  if (!allowsMeeting(c.modalidad as Modalidad)) return <Text c="dimmed">{t('courses:form.meeting_only_online')}</Text>;

  const act = async (kind: 'create' | 'delete') => {
    setBusy(kind);
    setFailure(null);
    try {
      const answer = kind === 'create' ? await postMeeting(c.cve_curso) : await deleteMeeting(c.cve_curso);
      showSaved(answer?.resp);
      onChanged();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      <FailureAlert message={failure} />
      <Text size="sm">
        {t('courses:fields.reunion_tipo')}: {t(`courses:meetings.${c.reunion_tipo ?? 'ninguna'}`)}
      </Text>
      {url ? (
        <Button component="a" href={url} target="_blank" rel="noopener noreferrer" leftSection={<IconVideo size={18} aria-hidden />} w="fit-content">
          {t('courses:meeting.join')}
        </Button>
      ) : (
        <Text c="dimmed">{t('courses:meeting.none')}</Text>
      )}
      {c.permisos.editar && !readOnly && (
        <Group gap="xs">
          {(c.reunion_tipo === 'jitsi' || c.reunion_tipo === 'teams') && (
            <Button variant="light" loading={busy === 'create'} leftSection={<IconVideoPlus size={16} aria-hidden />} onClick={() => void act('create')}>
              {url ? t('courses:meeting.recreate') : t('courses:meeting.create')}
            </Button>
          )}
          {url && (
            <Button variant="light" color="red" loading={busy === 'delete'} leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void act('delete')}>
              {t('courses:meeting.delete')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
