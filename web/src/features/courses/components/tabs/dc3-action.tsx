import { ActionIcon, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEnd } from '@/components/forms';
import { showErrorDialog } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import { openDc3 } from '../../api/download-dc3';
import { fetchDc3Check } from '../../api/validate-dc3';
import type { ParticipanteFila } from '../../api/types';
import { missingDc3Data } from './dc3-rules';

/**
 * A participant's 'Descargar DC-3': checks the certificate first, then posts its form in a
 * new tab; a course without data gets the '¡Ups!' dialog, incomplete data the numbered list
 * (`onIncomplete`).
 */
export function Dc3Action({ cveCurso, row, onIncomplete }: { cveCurso: number; row: ParticipanteFila; onIncomplete: (items: string[]) => void }) {
  const { t } = useTranslation('courses');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await fetchDc3Check(row.cve_empleado, cveCurso);
      openDc3(cveCurso, row.cve_empleado);
    } catch (error) {
      if (isApiError(error, 422)) onIncomplete(missingDc3Data(error));
      else if (!isSessionEnd(error)) void showErrorDialog(error);
    } finally {
      setBusy(false);
    }
  };
  const label = t('courses:participants.dc3.download');
  return (
    <ActionIcon
      variant="subtle"
      color="blue"
      loading={busy}
      aria-label={label}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        if (!busy) void download();
      }}
    >
      <IconCertificate size={18} aria-hidden />
    </ActionIcon>
  );
}

/** 'El curso tiene datos incompletos' with the missing data numbered (spec §8). */
export function Dc3IncompleteModal({ items, onClose }: { items: string[] | null; onClose: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  return (
    <Modal opened={items !== null} onClose={onClose} title={t('courses:participants.dc3.incomplete_title')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('courses:participants.dc3.incomplete_text')}</Text>
        <List type="ordered" size="sm" spacing={4} data-testid="dc3-missing">
          {(items ?? []).map((item, i) => (
            <List.Item key={i}>{item}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common:actions.accept')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
