import { Badge, Box, Button, Divider, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/NumberInput.css';
import { IconFile, IconFolder, IconPackage, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { fileSize } from '@/components/upload';
import { useFormat } from '@/lib/i18n/use-format';
import { deletePackage } from '../api/delete-package';
import { useTopicPackage } from '../api/topic-package';
import type { ItemScorm, PaqueteScorm } from '../api/types';
import { putPackage } from '../api/update-package';
import { MAX_ATTEMPTS, validAttempts } from './attempt-rules';
import { UploadCard } from './upload-card';

/**
 * A topic's "Material SCORM": the package it has (version, size, table of contents), how
 * many attempts a learner may open, the upload of a first or a new version, and its removal.
 */
export function TopicScormPanel({ cveTema }: { cveTema: number }) {
  const { t } = useTranslation(['scorm', 'common']);
  const { mutate } = useSWRConfig();
  const paquete = useTopicPackage(cveTema);
  const loaded = paquete.data !== undefined;

  const stored = (next: PaqueteScorm | null) => {
    void paquete.mutate(next, { revalidate: false });
    // The progress screen's topic list changes with the packages.
    void mutate('scorm.paquetes');
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={`scorm-material-${cveTema}`}>
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <IconPackage size={20} aria-hidden style={{ flex: 'none' }} />
            <Title order={3} size="h5" id={`scorm-material-${cveTema}`}>
              {t('scorm:panel.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('scorm:panel.hint')}
          </Text>
        </Stack>
        {paquete.error !== undefined && !loaded && (
          <ListError title={t('scorm:panel.load_error')} error={paquete.error} onRetry={() => void paquete.mutate()} />
        )}
        {!loaded && paquete.error === undefined && <ListSkeleton rows={2} />}
        {loaded && paquete.data && (
          <PackageDetails key={`${paquete.data.id_paquete}-${paquete.data.revision}-${paquete.data.intentos}`} paquete={paquete.data} onChanged={stored} />
        )}
        {loaded && !paquete.data && (
          <Stack gap={2}>
            <Text fw={600}>{t('scorm:panel.none')}</Text>
            <Text size="sm" c="dimmed">
              {t('scorm:panel.none_hint')}
            </Text>
          </Stack>
        )}
        {loaded && (
          <>
            <Divider />
            <UploadCard cveTema={cveTema} replacing={!!paquete.data} onUploaded={stored} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** Label over value, as the package's facts are listed. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function PackageDetails({ paquete, onChanged }: { paquete: PaqueteScorm; onChanged: (next: PaqueteScorm | null) => void }) {
  const { t } = useTranslation(['scorm', 'common']);
  const { formatDate, formatNumber } = useFormat();
  const [intentos, setIntentos] = useState<number | string>(paquete.intentos);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const invalid = !validAttempts(intentos);

  const save = async () => {
    if (!validAttempts(intentos)) return;
    setBusy('save');
    setFailure(null);
    try {
      const next = await putPackage(paquete.cve_tema, { intentos });
      showSaved(undefined, t('scorm:package.attempts_saved'));
      onChanged(next);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    setFailure(null);
    try {
      const answer = await deletePackage(paquete.cve_tema);
      setConfirming(false);
      showSaved(answer?.resp, t('scorm:package.deleted'));
      onChanged(null);
    } catch (error) {
      // 409 scorm.con_intentos: learners already have attempts; the server says so.
      setConfirming(false);
      setFailure(failureMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const updated = formatDate(paquete.actualizado, 'Pp');
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {paquete.titulo}
        </Text>
        <Group gap={6}>
          <Badge variant="light" color="indigo" tt="none">
            {t('scorm:package.version', { version: paquete.version })}
          </Badge>
          {paquete.edicion && (
            <Badge variant="outline" color="indigo" tt="none">
              {t('scorm:package.edition', { edicion: paquete.edicion })}
            </Badge>
          )}
          <Badge variant="light" color="gray" tt="none">
            {t('scorm:package.revision', { revision: paquete.revision })}
          </Badge>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <Fact label={t('scorm:package.key')}>{paquete.clave_scorm}</Fact>
        <Fact label={t('scorm:package.toc')}>{t('scorm:package.items', { count: paquete.items.length })}</Fact>
        <Fact label={t('scorm:package.size')}>
          {fileSize(paquete.bytes)} · {t('scorm:package.files', { count: paquete.archivos })}
        </Fact>
        {paquete.dominio != null && <Fact label={t('scorm:package.mastery')}>{formatNumber(paquete.dominio)}</Fact>}
        <Fact label={t('scorm:package.updated')}>{paquete.subido_por ? t('scorm:package.updated_by', { fecha: updated, nombre: paquete.subido_por }) : updated}</Fact>
      </SimpleGrid>
      <TableOfContents items={paquete.items} />
      <FailureAlert message={failure} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={t('scorm:package.attempts')}
          description={t('scorm:package.attempts_hint')}
          min={0}
          max={MAX_ATTEMPTS}
          allowNegative={false}
          allowDecimal={false}
          clampBehavior="none"
          value={intentos}
          onChange={setIntentos}
          error={invalid ? t('scorm:package.attempts_range', { max: MAX_ATTEMPTS }) : undefined}
          style={{ flex: '1 1 220px' }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
          }}
        />
        <Button onClick={() => void save()} loading={busy === 'save'} disabled={invalid || intentos === paquete.intentos || busy !== null}>
          {t('common:actions.save')}
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirming(true)} disabled={busy !== null}>
          {t('scorm:package.delete')}
        </Button>
      </Group>
      {confirming && (
        <Modal opened onClose={() => setConfirming(false)} size="sm" title={t('scorm:package.delete_title')}>
          <Stack gap="sm">
            <Text size="sm">{t('scorm:package.delete_text', { titulo: paquete.titulo })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
                {t('common:actions.cancel')}
              </Button>
              <Button color="red" loading={busy === 'delete'} onClick={() => void remove()}>
                {t('scorm:package.delete')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}

/** The package's items in order, indented by level; folders are not launchable. */
function TableOfContents({ items }: { items: ItemScorm[] }) {
  const { t } = useTranslation('scorm');
  if (items.length === 0) return null;
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600} id="scorm-toc">
        {t('package.toc')}
      </Text>
      <Box component="ol" aria-labelledby="scorm-toc" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Group key={item.id} component="li" gap={6} wrap="nowrap" py={2} pl={Math.min(item.nivel, 6) * 16}>
            {item.href ? (
              <IconFile size={14} aria-hidden style={{ flex: 'none' }} />
            ) : (
              <IconFolder size={14} aria-label={t('package.toc_folder')} style={{ flex: 'none' }} />
            )}
            <Text size="sm" fw={item.href ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
              {item.titulo}
            </Text>
          </Group>
        ))}
      </Box>
    </Box>
  );
}
