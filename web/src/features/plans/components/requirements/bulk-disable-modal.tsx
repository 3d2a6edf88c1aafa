import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectionChange } from '@/components/data-table';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { collectRows } from '@/lib/api/shared/employees-selection';
import { postDisableRequirements } from '../../api/disable-requirements';
import type { RequirementRow } from '../../api/requirements-table';
import { MOTIVO_MAX } from './toggle-modal';

interface Props {
  opened: boolean;
  selection: SelectionChange | null;
  url: string;
  onClose: () => void;
  onDone: () => void;
}

/** "Baja" of the selected formation requirements (POST baja_requerimientos), after confirming. */
export function BulkDisableModal({ opened, selection, url, onClose, onDone }: Props) {
  const { t } = useTranslation(['plans', 'common']);
  const [motivo, setMotivo] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const count = selection?.count ?? 0;
  const confirm = async () => {
    if (!selection || count === 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const ids = selection.all
        ? await collectRows<RequirementRow, number>(url, selection.query, new Set(selection.excluded), (r) => r.id_requerimiento, (r) => r.id_requerimiento)
        : selection.keys.map(Number);
      const answer = await postDisableRequirements(ids, motivo);
      showSaved(undefined, t('plans:requirements.bulk_done', { count: answer?.deshabilitados ?? ids.length }));
      setMotivo('');
      onDone();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('plans:requirements.bulk_disable')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('plans:requirements.bulk_question', { count })}</Text>
        <Text size="sm" c="dimmed">
          {t('plans:requirements.disable_effect')}
        </Text>
        <Textarea label={t('plans:requirements.motivo')} value={motivo} maxLength={MOTIVO_MAX} rows={3} onChange={(e) => setMotivo(e.currentTarget.value)} />
        <FailureAlert message={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {t('plans:requirements.bulk_confirm', { count })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
