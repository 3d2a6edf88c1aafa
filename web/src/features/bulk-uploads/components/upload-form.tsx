import { Alert, Button, FileInput, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isPlanChange } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import { downloadTemplate } from '../api/download-template';
import { postUpload } from '../api/upload-file';
import { UPLOAD_TYPES, type UploadType } from '../api/upload-types';
import { SPREADSHEET_ACCEPT, spreadsheetProblem } from './file-rules';
import { saveDownload } from './save-download';

interface UploadFormProps {
  tipo: UploadType | null;
  onTipoChange: (tipo: UploadType | null) => void;
  /** The server accepted the file (202) and queued the job. */
  onStarted: (id: number, tipo: UploadType) => void;
}

/** Choose the type, download its template, pick a .xls/.xlsx and upload it. */
export function UploadForm({ tipo, onTipoChange, onStarted }: UploadFormProps) {
  const { t } = useTranslation(['bulk-uploads', 'common']);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [uploading, setUploading] = useState(false);
  // Bumped to empty the file input after an upload starts.
  const [inputKey, setInputKey] = useState(0);

  const pickFile = (picked: File | null) => {
    setFailure(null);
    if (!picked) {
      setFile(null);
      setFileError(null);
      return;
    }
    const problem = spreadsheetProblem(picked);
    setFileError(problem ? t(`bulk-uploads:file.${problem}`) : null);
    setFile(problem ? null : picked);
  };

  const getTemplate = async () => {
    if (!tipo) {
      setTypeError(t('bulk-uploads:form.type_required'));
      return;
    }
    setDownloading(true);
    try {
      saveDownload(await downloadTemplate(tipo), `plantilla_${tipo}.xlsx`);
    } catch {
      // The client already showed the server's message.
    } finally {
      setDownloading(false);
    }
  };

  const upload = async () => {
    setFailure(null);
    const missingType = !tipo;
    const missingFile = !file;
    setTypeError(missingType ? t('bulk-uploads:form.type_required') : null);
    if (missingFile && !fileError) setFileError(t('bulk-uploads:file.required'));
    if (!tipo || !file) return;
    setUploading(true);
    try {
      const answer = await postUpload(tipo, file);
      setFile(null);
      setInputKey((k) => k + 1);
      onStarted(answer.id_carga, tipo);
    } catch (error) {
      if (!isApiError(error, 401) && !isPlanChange(error)) setFailure(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} shadow="xs" component="section" aria-labelledby="bulk-upload-new">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void upload();
        }}
      >
        <Stack gap="md">
          <Group gap="xs">
            <IconFileSpreadsheet size={22} aria-hidden />
            <Title order={2} size="h4" id="bulk-upload-new">
              {t('bulk-uploads:form.title')}
            </Title>
          </Group>
          {failure && (
            <Alert color="red" variant="light" role="alert" title={t('bulk-uploads:form.upload_error')}>
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="xs">
              <Select
                label={t('bulk-uploads:form.type')}
                placeholder={t('bulk-uploads:form.pick_type')}
                data={UPLOAD_TYPES.map((v) => ({ value: v, label: t(`bulk-uploads:types.${v}`) }))}
                value={tipo}
                onChange={(v) => {
                  setTypeError(null);
                  onTipoChange((v as UploadType | null) ?? null);
                }}
                allowDeselect={false}
                withAsterisk
                error={typeError}
              />
              {tipo && (
                <Text size="sm" c="dimmed">
                  {t(`bulk-uploads:type_hints.${tipo}`)}
                </Text>
              )}
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  loading={downloading}
                  onClick={() => void getTemplate()}
                >
                  {t('bulk-uploads:form.template')}
                </Button>
              </Group>
            </Stack>
            <Stack gap="xs">
              <FileInput
                key={inputKey}
                label={t('bulk-uploads:form.file')}
                description={t('bulk-uploads:form.file_hint')}
                placeholder={t('bulk-uploads:form.pick_file')}
                accept={SPREADSHEET_ACCEPT}
                value={file}
                onChange={pickFile}
                clearable
                clearButtonProps={{ 'aria-label': t('bulk-uploads:form.clear_file') }}
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                withAsterisk
                error={fileError}
                fileInputProps={{ 'aria-label': t('bulk-uploads:form.file_input') }}
              />
              <Group>
                <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} loading={uploading}>
                  {t('bulk-uploads:form.upload')}
                </Button>
              </Group>
            </Stack>
          </SimpleGrid>
        </Stack>
      </form>
    </Paper>
  );
}
