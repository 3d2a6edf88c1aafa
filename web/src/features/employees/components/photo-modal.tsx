import { Alert, Avatar, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEnd } from '@/components/forms/server-errors';
import { errorMessage } from '@/lib/api/client';
import { photoProblem, postEmployeePhoto, PHOTO_TYPES } from '../api/upload-employee-photo';
import { showDone } from './toast';
import { useMobile } from './use-mobile';

export interface PhotoTarget {
  cve_empleado: number;
  nombre_empleado: string;
  /** The current photo's url, if any. */
  photo?: string | null;
}

/** Change an employee's photo: pick, check (png/gif/jpeg ≤ 8 MB), preview, then upload. */
export function PhotoModal({
  employee,
  onClose,
  onUploaded,
}: {
  employee: PhotoTarget | null;
  onClose: () => void;
  onUploaded: (cve: number, url: string | null) => void;
}) {
  const { t } = useTranslation('employees');
  const mobile = useMobile();
  return (
    <Modal opened={!!employee} onClose={onClose} title={t('photo.title')} fullScreen={mobile}>
      {employee && <PhotoForm key={employee.cve_empleado} employee={employee} onClose={onClose} onUploaded={onUploaded} />}
    </Modal>
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function PhotoForm({
  employee,
  onClose,
  onUploaded,
}: {
  employee: PhotoTarget;
  onClose: () => void;
  onUploaded: (cve: number, url: string | null) => void;
}) {
  const { t } = useTranslation(['employees', 'common', 'errors']);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!file) return;
    let live = true;
    readAsDataUrl(file).then(
      (url) => live && setPreview(url),
      () => live && setProblem(t('employees:photo.read_error')),
    );
    return () => {
      live = false;
    };
  }, [file, t]);

  const choose = (chosen: File | null) => {
    setProblem(null);
    setPreview(null);
    setFile(null);
    if (!chosen) return;
    const wrong = photoProblem(chosen);
    if (wrong) {
      setProblem(t(wrong === 'type' ? 'errors:archivo.tipo_imagen' : 'errors:archivo.demasiado_grande'));
      return;
    }
    setFile(chosen);
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await postEmployeePhoto(employee.cve_empleado, file);
      showDone(t('employees:photo.done'), answer?.resp);
      onUploaded(employee.cve_empleado, answer?.foto_url ?? null);
      onClose();
    } catch (error) {
      if (!isSessionEnd(error)) setProblem(errorMessage(error) || t('errors:archivo.subir'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{employee.nombre_empleado}</Text>
      <Group gap="lg" wrap="nowrap" align="center">
        <Stack gap={4} align="center">
          <Avatar
            src={employee.photo || null}
            name={employee.nombre_empleado}
            color="initials"
            size={88}
            radius="xl"
            alt={t('employees:photo.current')}
          />
          <Text size="xs" c="dimmed">
            {t('employees:photo.current')}
          </Text>
        </Stack>
        {preview && (
          <Stack gap={4} align="center">
            <Avatar src={preview} size={88} radius="xl" alt={t('employees:photo.preview')} />
            <Text size="xs" c="dimmed">
              {t('employees:photo.preview')}
            </Text>
          </Stack>
        )}
      </Group>
      <Group gap="sm">
        <FileButton
          onChange={choose}
          accept={PHOTO_TYPES.join(',')}
          inputProps={{ 'aria-label': t('employees:photo.file_label') }}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} aria-hidden />}>
              {t('employees:photo.choose')}
            </Button>
          )}
        </FileButton>
        {file && (
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {file.name}
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('employees:photo.hint')}
      </Text>
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button leftSection={<IconUpload size={16} aria-hidden />} disabled={!file || !preview} loading={busy} onClick={() => void upload()}>
          {t('employees:photo.upload')}
        </Button>
      </Group>
    </Stack>
  );
}
