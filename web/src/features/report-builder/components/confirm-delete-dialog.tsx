import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { failureMessage } from '@/components/forms';
import { deleteReport } from '../api/delete-report';
import type { ReporteGuardado } from '../api/types';

export interface ConfirmDeleteDialogProps {
  /** The layout to delete; null keeps the dialog closed. */
  report: ReporteGuardado | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting a saved layout (its schedule goes with it); a refusal says why. */
export function ConfirmDeleteDialog({ report, onClose, onDeleted }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation(['report-builder', 'common']);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!report) return;
    setBusy(true);
    try {
      const answer = await deleteReport(report.id_reporte);
      showSaved(answer?.resp, t('report-builder:delete.done'));
      onDeleted();
      onClose();
    } catch (error) {
      const message = failureMessage(error);
      if (message !== null) notifications.show({ color: 'red', title: t('report-builder:delete.error'), message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={report !== null} onClose={onClose} title={t('report-builder:delete.title')} size="sm">
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {report && t(report.programacion ? 'report-builder:delete.message_scheduled' : 'report-builder:delete.message', { name: report.nombre })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()} data-testid="delete-confirm">
            {t('report-builder:delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
