import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import type { Program } from '../../api/programs';
import type { RequirementRow } from '../../api/requirements-table';
import { putRequirement } from '../../api/update-requirement';
import { requirementLabel } from './labels';

/** The requirement to enable or disable. */
export interface ToggleTarget {
  row: RequirementRow;
  habilitar: boolean;
}

/** The motivo's published limit (PLAN_MOTIVO_MAX). */
export const MOTIVO_MAX = 500;

/** Confirms enabling or disabling one requirement, with an optional reason. */
export function ToggleModal({ program, target, onClose, onDone }: { program: Program; target: ToggleTarget | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['plans', 'common']);
  const [motivo, setMotivo] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setMotivo('');
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    setFailure(null);
    try {
      const body = motivo.trim() ? { habilitado: target.habilitar, motivo: motivo.trim() } : { habilitado: target.habilitar };
      await putRequirement(program, target.row.id_requerimiento, body);
      showSaved(undefined, target.habilitar ? t('plans:requirements.enabled_done') : t('plans:requirements.disabled_done'));
      setMotivo('');
      onDone();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const habilitar = target?.habilitar ?? false;
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={habilitar ? t('plans:requirements.enable_title') : t('plans:requirements.disable_title')}
      centered
    >
      {target && (
        <Stack gap="sm">
          <Text size="sm">
            {t(habilitar ? 'plans:requirements.enable_question' : 'plans:requirements.disable_question', {
              id: target.row.id_requerimiento,
              name: requirementLabel(target.row),
            })}
          </Text>
          {!habilitar && (
            <Text size="sm" c="dimmed">
              {t('plans:requirements.disable_effect')}
            </Text>
          )}
          <Textarea label={t('plans:requirements.motivo')} value={motivo} maxLength={MOTIVO_MAX} rows={3} onChange={(e) => setMotivo(e.currentTarget.value)} />
          <FailureAlert message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button color={habilitar ? undefined : 'red'} loading={busy} onClick={() => void confirm()}>
              {habilitar ? t('plans:requirements.enable') : t('plans:requirements.disable')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
