import { Alert, Box, Button, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { IconCircleCheck, IconFileZip, IconUpload } from '@tabler/icons-react';
import { useEffect, useReducer, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/components/forms';
import { useRealtimeEvent } from '@/lib/socket';
import type { PaqueteScorm } from '../api/types';
import { newUploadId, uploadPackage } from '../api/upload-package';
import { ZIP_ACCEPT, zipProblem } from './file-rules';
import { IDLE, isBusy, isProgressEvent, progressValue, uploadReducer, uploadStatusText } from './upload-state';

interface UploadCardProps {
  cveTema: number;
  /** The topic already has a package: the upload is a new version of it. */
  replacing: boolean;
  /** The server stored the package (created or replaced). */
  onUploaded: (paquete: PaqueteScorm) => void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Choose (or drop) a .zip and upload it, showing the spec's states live: Subiendo archivo
 * (n %), Solicitud enviada, Procesando (n %), then Creado or Editado; a failure shows the
 * server's message (nothing was stored).
 */
export function UploadCard({ cveTema, replacing, onUploaded }: UploadCardProps) {
  const { t } = useTranslation(['scorm', 'common']);
  const [state, dispatch] = useReducer(uploadReducer, IDLE);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // Bumped to empty the file input once an upload is stored.
  const [inputKey, setInputKey] = useState(0);
  const running = useRef<AbortController | null>(null);
  const busy = isBusy(state);

  // Leaving the panel stops an upload in flight (the server stores nothing of it).
  useEffect(() => () => running.current?.abort(), []);

  useRealtimeEvent('scorm:progress', (payload) => {
    if (isProgressEvent(payload)) dispatch({ tipo: 'progreso', evento: payload });
  });

  const pick = (picked: File | null) => {
    if (busy) return;
    if (state.fase === 'terminada' || state.fase === 'fallida') dispatch({ tipo: 'reinicio' });
    if (!picked) {
      setFile(null);
      setFileError(null);
      return;
    }
    const problem = zipProblem(picked);
    setFileError(problem ? t(`scorm:upload.file_${problem}`) : null);
    setFile(problem ? null : picked);
  };

  const upload = async () => {
    if (busy) return;
    if (!file) {
      setFileError(t('scorm:upload.file_required'));
      return;
    }
    const idCarga = newUploadId();
    const controller = new AbortController();
    running.current = controller;
    dispatch({ tipo: 'inicio', idCarga });
    try {
      const answer = await uploadPackage(cveTema, file, idCarga, {
        signal: controller.signal,
        onProgress: (enviados, total) => dispatch({ tipo: 'bytes', enviados, total }),
        onUploaded: () => dispatch({ tipo: 'enviada' }),
      });
      dispatch({ tipo: 'respuesta', status: answer.status, creado: answer.body.creado, paquete: answer.body.paquete });
      setFile(null);
      setInputKey((k) => k + 1);
      onUploaded(answer.body.paquete);
    } catch (error) {
      if (isAbort(error)) return;
      const message = failureMessage(error);
      // null: the session is ending and its own dialog already shows.
      dispatch(message === null ? { tipo: 'reinicio' } : { tipo: 'falla', mensaje: message });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (busy || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    pick(event.dataTransfer.files[0] ?? null);
  };

  const status = uploadStatusText(state);
  const bar = progressValue(state);
  const headingId = `scorm-upload-${cveTema}`;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void upload();
        }}
      >
        <Stack gap="sm">
          <Title order={4} size="h6" id={headingId}>
            {replacing ? t('scorm:upload.title_replace') : t('scorm:upload.title_new')}
          </Title>
          <Box
            onDragOver={onDragOver}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-dragging={dragging || undefined}
            p="md"
            style={{
              border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-5'})`,
              borderRadius: 'var(--mantine-radius-md)',
              background: dragging ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-0)',
            }}
          >
            <Stack gap="xs" align="stretch">
              <Group gap="xs" wrap="nowrap" c="gray.8">
                <IconFileZip size={22} aria-hidden style={{ flex: 'none' }} />
                <Text size="sm">{t('scorm:upload.drop')}</Text>
              </Group>
              <FileInput
                key={inputKey}
                label={t('scorm:upload.file')}
                placeholder={t('scorm:upload.pick')}
                accept={ZIP_ACCEPT}
                value={file}
                onChange={pick}
                clearable
                clearButtonProps={{ 'aria-label': t('scorm:upload.clear') }}
                leftSection={<IconFileZip size={16} aria-hidden />}
                error={fileError}
                disabled={busy}
                fileInputProps={{ 'aria-label': t('scorm:upload.file_input') }}
              />
            </Stack>
          </Box>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} loading={busy}>
              {t('scorm:upload.submit')}
            </Button>
          </Group>
          {bar !== null && (
            <Progress
              value={bar}
              size="lg"
              radius="xl"
              striped={busy}
              animated={busy}
              color={state.fase === 'terminada' ? 'teal' : 'blue'}
              aria-label={t('scorm:upload.bar_label')}
              transitionDuration={150}
            />
          )}
          <Box aria-live="polite" role="status">
            {status && (
              <Group gap={6} wrap="nowrap">
                {state.fase === 'terminada' && <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />}
                <Text size="sm" fw={state.fase === 'terminada' ? 600 : 400} c={state.fase === 'terminada' ? 'teal.9' : undefined}>
                  {t(`scorm:${status.key}`, status.values)}
                </Text>
              </Group>
            )}
          </Box>
          {state.fase === 'fallida' && (
            <Alert color="red" variant="light" role="alert" title={t('scorm:upload.error_title')}>
              {state.mensaje}
            </Alert>
          )}
        </Stack>
      </form>
    </Box>
  );
}
