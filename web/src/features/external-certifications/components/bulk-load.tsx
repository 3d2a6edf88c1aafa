import { Alert, Button, CopyButton, Group, List, Progress, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { IconCheck, IconCopy, IconDownload, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/components/data-table/export';
import { showSaved } from '@/components/feedback';
import { failureMessage, isSessionEnd } from '@/components/forms';
import { UploadField } from '@/components/upload';
import { downloadTemplate, postCertifications, postSheet } from '../api/bulk';
import { useErrorText } from './error-text';
import { SHEET_ACCEPT, errorLog, sheetProblem, sheetRow, toBatches, type LoadError } from './rules';

/** The template's columns, as the server's template names them. */
const TEMPLATE_COLUMNS = ['CUIL_CUIT_CURP', 'Fecha_Realizacion', 'Fecha_Vigencia', 'ID_TEMA', 'link_dc3'];

/** Step 2 of Masivo: what the template holds, and its download (through the API client: bearer header). */
export function BulkTemplate() {
  const { t } = useTranslation(['external-certifications', 'common']);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const file = await downloadTemplate();
      saveBlob(file.blob, file.filename || 'plantilla_certificaciones.xlsx');
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{t('external-certifications:bulk.template_text')}</Text>
      <List size="sm" spacing={2} withPadding>
        {TEMPLATE_COLUMNS.map((c) => (
          <List.Item key={c}>
            <Text span size="sm" ff="monospace">
              {c}
            </Text>
          </List.Item>
        ))}
      </List>
      {failure && (
        <Alert color="red" variant="light" role="alert" title={t('external-certifications:bulk.template_error')}>
          {failure}
        </Alert>
      )}
      <Group>
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} loading={busy} onClick={() => void download()}>
          {t('external-certifications:bulk.template')}
        </Button>
      </Group>
    </Stack>
  );
}

/** How a bulk load ended. */
type Outcome =
  | { kind: 'partial'; cargados: number; errors: LoadError[] }
  | { kind: 'failed'; lote: number; total: number; cargados: number; errors: LoadError[] };

interface BulkUploadProps {
  /** Rows were stored: the table reloads. */
  onLoaded: () => void;
  /** Everything was stored: the wizard closes. */
  onClose: () => void;
  /** While batches go out the wizard cannot be closed. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Step 3 of Masivo: the .xls/.xlsx is read by the server (proveedor/alta/archivo), then its
 * rows go to proveedor/alta in batches of 100, one after another, with the progress shown.
 * Refused rows are named by their spreadsheet row (batch offset + index + 2 for the header)
 * in a log to copy; a batch that fails as a whole stops the load.
 */
export function BulkUpload({ onLoaded, onClose, onBusyChange }: BulkUploadProps) {
  const { t } = useTranslation(['external-certifications', 'common']);
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [readFailure, setReadFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ lote: number; total: number; filas: number } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const setWorking = (value: boolean) => {
    setBusy(value);
    onBusyChange(value);
  };

  const pick = (picked: File | null) => {
    setReadFailure(null);
    const problem = picked ? sheetProblem(picked) : null;
    setFileError(problem ? t(`external-certifications:file.${problem === 'type' ? 'sheet_type' : problem}`) : null);
    setFile(problem ? null : picked);
  };

  const run = async () => {
    if (!file) {
      if (!fileError) setFileError(t('external-certifications:bulk.required'));
      return;
    }
    setReadFailure(null);
    setOutcome(null);
    setWorking(true);
    try {
      let filas;
      try {
        filas = (await postSheet(file)).filas;
      } catch (error) {
        if (!isSessionEnd(error)) setReadFailure(failureMessage(error));
        return;
      }
      const batches = toBatches(filas);
      let cargados = 0;
      const errors: LoadError[] = [];
      for (const [i, batch] of batches.entries()) {
        if (!alive.current) return;
        setProgress({ lote: i + 1, total: batches.length, filas: filas.length });
        let answer;
        try {
          answer = await postCertifications(batch.rows);
        } catch (error) {
          if (isSessionEnd(error)) return;
          setOutcome({ kind: 'failed', lote: i + 1, total: batches.length, cargados, errors });
          if (cargados > 0) onLoaded();
          return;
        }
        cargados += answer.cargados;
        for (const e of answer.errores ?? []) {
          errors.push({ fila: sheetRow(batch.offset, e.indice), curp: e.curp, mensaje: errorText(e.codigo, e.mensaje) });
        }
      }
      if (cargados > 0) onLoaded();
      if (errors.length === 0) {
        showSaved(undefined, t('external-certifications:bulk.success'));
        onClose();
        return;
      }
      setOutcome({ kind: 'partial', cargados, errors });
    } finally {
      if (alive.current) setWorking(false);
    }
  };

  const log = outcome ? errorLog(outcome.errors, (e) => t('external-certifications:bulk.log_line', { fila: e.fila, curp: e.curp || '—', mensaje: e.mensaje })) : '';

  return (
    <Stack gap="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <Stack gap="sm">
          <UploadField
            label={t('external-certifications:bulk.file')}
            description={t('external-certifications:bulk.file_hint')}
            accept={SHEET_ACCEPT}
            required
            file={file}
            onChange={pick}
            error={fileError ?? undefined}
          />
          {readFailure && (
            <Alert color="red" variant="light" role="alert" title={t('external-certifications:bulk.read_error')}>
              {readFailure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy} leftSection={<IconUpload size={16} aria-hidden />}>
              {t('external-certifications:bulk.upload')}
            </Button>
          </Group>
        </Stack>
      </form>
      <div role="status" aria-live="polite">
        {progress && busy && (
          <Stack gap={4}>
            <Text size="sm">
              {t('external-certifications:bulk.progress', { lote: progress.lote, total: progress.total })}
              {' · '}
              {t('external-certifications:bulk.rows', { count: progress.filas })}
            </Text>
            <Progress
              value={Math.round(((progress.lote - 1) / progress.total) * 100)}
              aria-label={t('external-certifications:bulk.progress_label')}
              animated
            />
          </Stack>
        )}
      </div>
      {outcome?.kind === 'failed' && (
        <Alert color="red" variant="light" role="alert" title={t('external-certifications:bulk.batch_failed')}>
          {t('external-certifications:bulk.batch_failed_text', { lote: outcome.lote, total: outcome.total, cargados: outcome.cargados })}
        </Alert>
      )}
      {outcome?.kind === 'partial' && (
        <Alert color="yellow" variant="light" role="alert" title={t('external-certifications:bulk.partial')}>
          {t('external-certifications:bulk.partial_text', { cargados: outcome.cargados, count: outcome.errors.length })}
        </Alert>
      )}
      {outcome && outcome.errors.length > 0 && (
        <Stack gap={4}>
          <Textarea label={t('external-certifications:bulk.log')} value={log} readOnly rows={Math.min(8, outcome.errors.length + 1)} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }} />
          <Group justify="flex-end">
            <CopyButton value={log} timeout={3000}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  size="xs"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                  onClick={copy}
                >
                  {copied ? t('external-certifications:bulk.copied') : t('external-certifications:bulk.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
