import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { isSessionEnd } from '@/components/forms';
import { UploadField } from '@/components/upload';
import { errorMessage } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { postAttachDc3, type UploadMode } from '../api/attach-dc3';
import type { LogRow } from '../api/types';
import { postDc3File } from '../api/upload-dc3';
import { pdfProblem } from './rules';

interface Props {
  /** The record and the mode, or null while closed. */
  target: { row: LogRow; mode: UploadMode } | null;
  onClose: () => void;
  onDone: () => void;
}

/** A failure of one of the two calls: the spec's sentence and, when the server said why, its words. */
interface Failure {
  title: string;
  detail: string | null;
}

/** What the server said, when it said something more than a bare failure. */
function serverDetail(error: unknown): string | null {
  return error instanceof ApiError && (error.code || error.resp) ? errorMessage(error) : null;
}

/**
 * 'Cargar DC-3' (crear) or 'Cambiar DC-3' (editar): a PDF of up to 8 MB is stored first
 * (proveedor/dc3), then attached to the record (cargarDC3 / cambiarDC3).
 */
export function Dc3UploadModal({ target, onClose, onDone }: Props) {
  const { t } = useTranslation(['external-certifications', 'common']);
  return (
    <Modal
      opened={!!target}
      onClose={onClose}
      title={target ? t(`external-certifications:upload.title_${target.mode}`) : ''}
      centered
    >
      {target && <UploadForm key={`${target.row.cve_log}-${target.mode}`} row={target.row} mode={target.mode} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function UploadForm({ row, mode, onClose, onDone }: { row: LogRow; mode: UploadMode; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['external-certifications', 'common']);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (picked: File | null) => {
    setFailure(null);
    const problem = picked ? pdfProblem(picked) : null;
    setFileError(problem ? t(`external-certifications:file.${problem}`) : null);
    setFile(problem ? null : picked);
  };

  const submit = async () => {
    if (!file) {
      if (!fileError) setFileError(t('external-certifications:upload.required'));
      return;
    }
    setBusy(true);
    setFailure(null);
    let url: string;
    try {
      url = (await postDc3File(file)).url;
    } catch (error) {
      setBusy(false);
      if (!isSessionEnd(error)) setFailure({ title: t('external-certifications:upload.file_error'), detail: serverDetail(error) });
      return;
    }
    try {
      const answer = await postAttachDc3(mode, { cve_log: row.cve_log, url });
      if (answer?.resp === 'Error') throw new ApiError(422, {});
      showSaved(undefined, t('external-certifications:upload.done'));
      onClose();
      onDone();
    } catch (error) {
      if (!isSessionEnd(error)) setFailure({ title: t('external-certifications:upload.save_error'), detail: serverDetail(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {t('external-certifications:upload.record', { name: row.certificado, tema: row.nombre_tema })}
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert" title={failure.title}>
            {failure.detail}
          </Alert>
        )}
        <UploadField
          label={t('external-certifications:upload.file')}
          description={t('external-certifications:upload.file_hint')}
          accept="application/pdf,.pdf"
          required
          file={file}
          onChange={pick}
          error={fileError ?? undefined}
        />
        {mode === 'editar' && (
          <Text size="xs" c="dimmed">
            {t('external-certifications:upload.replaces')}
            {row.estado === 'Rechazado' ? ` ${t('external-certifications:upload.resend')}` : ''}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={busy} leftSection={<IconUpload size={16} aria-hidden />}>
            {t('external-certifications:upload.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
