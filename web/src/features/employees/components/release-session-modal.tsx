import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '@/lib/alerts';
import { ApiError } from '@/lib/api/errors';
import { deleteWebSession } from '../api/release-session';
import type { EmployeeRow } from '../api/employees-table';

/** Confirms and performs 'Liberar sesión' for one employee. */
export function ReleaseSessionModal({
  employee,
  onClose,
  onReleased,
}: {
  employee: Pick<EmployeeRow, 'cve_empleado' | 'nombre_empleado'> | null;
  onClose: () => void;
  onReleased: () => void;
}) {
  const { t } = useTranslation(['employees', 'common', 'errors']);
  const [busy, setBusy] = useState(false);

  const release = async () => {
    if (!employee) return;
    setBusy(true);
    try {
      // Any 2xx is a release; the server words its answer ('Sesión liberada con exito!').
      await deleteWebSession(employee.cve_empleado);
      onClose();
      onReleased();
      await showAlert({ title: t('common:success'), message: t('employees:release.success'), tone: 'success' });
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 409))) {
        await showAlert({ title: t('errors:ui.ups'), message: t('employees:release.error') });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={!!employee} onClose={onClose} title={t('employees:release.title')} size="sm">
      <Text size="sm">{t('employees:release.confirm', { name: employee?.nombre_empleado ?? '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button color="red" onClick={() => void release()} loading={busy}>
          {t('employees:release.action')}
        </Button>
      </Group>
    </Modal>
  );
}
