import { Button, Group, Modal, MultiSelect, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { topicLabel, useTopicOptions } from '@/lib/api/shared/topic-options';
import { useSession } from '@/lib/auth/session';
import { postDateRequest } from '../api/create-date-request';

/** 'Solicitar fecha de curso' for a supervisor: a topic, a wished date and their people. */
export function DateRequestModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const { user } = useSession();
  const topics = useTopicOptions(opened);
  const today = format(new Date(), 'yyyy-MM-dd');
  const [tema, setTema] = useState<string | null>(null);
  const [fecha, setFecha] = useState('');
  const [people, setPeople] = useState<string[]>([]);
  const [comentario, setComentario] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const subordinates = user?.subordinados ?? [];
  const dateOk = !!fecha && fecha >= today;

  const close = () => {
    setTema(null);
    setFecha('');
    setPeople([]);
    setComentario('');
    setTried(false);
    setFailure(null);
    onClose();
  };
  const send = async () => {
    setTried(true);
    if (!tema || !dateOk) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postDateRequest({
        cve_tema: Number(tema),
        fecha_deseada: fecha,
        empleados: people.length ? people.map(Number) : undefined,
        comentario: comentario.trim() || undefined,
      });
      showSaved(answer?.resp, t('courses:date_request.sent'));
      close();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('courses:date_request.title')} centered>
      <Stack gap="sm">
        <FailureAlert message={failure} />
        <Select
          label={t('courses:fields.tema')}
          withAsterisk
          searchable
          data={(topics.data ?? []).map((o) => ({ value: String(o.cve_tema), label: topicLabel(o) }))}
          value={tema}
          onChange={setTema}
          error={tried && !tema ? t('courses:form.errors.required') : undefined}
          nothingFoundMessage={t('courses:form.nothing_found')}
          data-autofocus
        />
        <TextInput
          type="date"
          label={t('courses:date_request.date')}
          withAsterisk
          min={today}
          value={fecha}
          onChange={(e) => setFecha(e.currentTarget.value)}
          error={tried && !dateOk ? t('courses:date_request.date_error') : undefined}
        />
        {subordinates.length > 0 && (
          <MultiSelect
            label={t('courses:date_request.people')}
            description={t('courses:date_request.people_hint')}
            data={subordinates.map((s) => ({ value: String(s.cve_empleado), label: s.nombre_empleado }))}
            value={people}
            onChange={setPeople}
            searchable
            clearable
          />
        )}
        <Textarea label={t('courses:requests.comment')} maxLength={500} value={comentario} onChange={(e) => setComentario(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void send()}>
            {t('courses:date_request.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
