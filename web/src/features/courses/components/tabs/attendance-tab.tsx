import { Alert, Anchor, Badge, Button, FileInput, Group, Stack, Switch, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { IconDeviceFloppy, IconDownload, IconUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/components/data-table/export';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useFormat } from '@/lib/i18n/use-format';
import { useAttendance } from '../../api/get-attendance';
import { putAttendance } from '../../api/save-attendance';
import type { CursoDetalle } from '../../api/types';
import { downloadAttendanceList } from '../../api/download-attendance-list';
import { postAttendanceList } from '../../api/upload-attendance-list';
import { cellKey, changedRecords, gridFrom, sessionStarted, type AttendanceGrid } from './attendance-rules';

const MAX_BYTES = 8 * 1024 * 1024;

/** 'Asistencia': participants × sessions (1 = no, 2 = yes) and the signed list. */
export function AttendanceTab({ course, readOnly, onChanged }: { course: CursoDetalle; readOnly: boolean; onChanged: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const { formatDate } = useFormat();
  const list = useAttendance(course.cve_curso);
  const original = useMemo(() => (list.data ? gridFrom(list.data) : {}), [list.data]);
  const [edits, setEdits] = useState<AttendanceGrid>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const now = new Date();
  const editable = !readOnly && course.permisos.evaluar;

  if (list.error && !list.data) return <ListError title={t('courses:attendance.load_error')} error={list.error} onRetry={() => void list.mutate()} />;
  if (!list.data) return <ListSkeleton rows={3} />;
  const { sesiones, participantes } = list.data;
  const grid: AttendanceGrid = { ...original, ...edits };
  const changes = changedRecords(original, grid);

  const set = (ins: number, ses: number, present: boolean) => setEdits((e) => ({ ...e, [cellKey(ins, ses)]: present ? 2 : 1 }));
  const markSession = (ses: number, present: boolean) =>
    setEdits((e) => {
      const next = { ...e };
      for (const p of participantes) next[cellKey(p.cve_inscripcion_ai, ses)] = present ? 2 : 1;
      return next;
    });

  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await putAttendance(course.cve_curso, changes);
      showSaved(answer?.resp);
      setEdits({});
      await list.mutate();
      onChanged();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (participantes.length === 0) return <Text c="dimmed">{t('courses:attendance.empty')}</Text>;

  return (
    <Stack gap="md">
      <FailureAlert message={failure} />
      <Table.ScrollContainer minWidth={360}>
        <Table striped withColumnBorders stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('courses:participants.name')}</Table.Th>
              {sesiones.map((s) => {
                const started = sessionStarted(s.inicio, now);
                return (
                  <Table.Th key={s.id_sesion} scope="col" ta="center">
                    <Stack gap={2} align="center">
                      <Text size="xs" fw={700}>
                        {t('courses:attendance.session', { n: s.numero })}
                      </Text>
                      <Text size="xs">{formatDate(s.fecha, 'P')}</Text>
                      {editable && started && (
                        <Anchor component="button" type="button" size="xs" onClick={() => markSession(s.id_sesion, true)}>
                          {t('courses:attendance.all_present')}
                        </Anchor>
                      )}
                      {!started && (
                        <Badge size="xs" variant="light" color="gray">
                          {t('courses:attendance.future')}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {participantes.map((p) => (
              <Table.Tr key={p.cve_inscripcion_ai}>
                <Table.Th scope="row" fw={500}>
                  {p.nombre_empleado}
                </Table.Th>
                {sesiones.map((s) => {
                  const value = grid[cellKey(p.cve_inscripcion_ai, s.id_sesion)] ?? null;
                  const started = sessionStarted(s.inicio, now);
                  return (
                    <Table.Td key={s.id_sesion} ta="center">
                      <Group justify="center" gap={4} wrap="nowrap">
                        <Switch
                          size="md"
                          checked={value === 2}
                          disabled={!editable || !started}
                          onChange={(e) => set(p.cve_inscripcion_ai, s.id_sesion, e.currentTarget.checked)}
                          aria-label={t('courses:attendance.cell', { name: p.nombre_empleado, n: s.numero })}
                          onLabel={t('common:yes')}
                          offLabel={t('common:no')}
                          // The library's grey 'No' on the grey track reads at 4:1 only.
                          styles={value === 2 ? undefined : { trackLabel: { color: 'var(--mantine-color-gray-8)' } }}
                        />
                        {value === null && started && (
                          <Text size="xs" c="orange.9" aria-hidden>
                            •
                          </Text>
                        )}
                      </Group>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {t('courses:attendance.legend')}
      </Text>
      {editable && (
        <Group justify="flex-end">
          <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} disabled={changes.length === 0} loading={busy} onClick={() => void save()}>
            {t('courses:attendance.save', { count: changes.length })}
          </Button>
        </Group>
      )}
      <SignedList course={course} editable={editable} onChanged={onChanged} />
    </Stack>
  );
}

/** The attached signed attendance list (PDF or image, ≤ 8 MB). */
function SignedList({ course, editable, onChanged }: { course: CursoDetalle; editable: boolean; onChanged: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const tooBig = !!file && file.size > MAX_BYTES;

  const upload = async () => {
    if (!file || tooBig) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postAttendanceList(course.cve_curso, file);
      showSaved(answer?.resp);
      setFile(null);
      onChanged();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    try {
      const got = await downloadAttendanceList(course.cve_curso);
      saveBlob(got.blob, got.filename ?? `lista-asistencia-${course.cve_curso}`);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

  return (
    <Stack gap="xs">
      <Text fw={600}>{t('courses:attendance.signed_title')}</Text>
      <FailureAlert message={failure} />
      {course.lista_asistencia ? (
        <Button variant="light" w="fit-content" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void download()}>
          {t('courses:attendance.signed_download')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('courses:attendance.signed_none')}
        </Text>
      )}
      {editable && (
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label={course.lista_asistencia ? t('courses:attendance.signed_replace') : t('courses:attendance.signed_attach')}
            description={t('courses:attendance.signed_hint')}
            accept="application/pdf,image/png,image/jpeg"
            value={file}
            onChange={setFile}
            clearable
            error={tooBig ? t('courses:attendance.too_big') : undefined}
            w={{ base: '100%', sm: 320 }}
          />
          <Button leftSection={<IconUpload size={16} aria-hidden />} disabled={!file || tooBig} loading={busy} onClick={() => void upload()}>
            {t('courses:attendance.upload')}
          </Button>
        </Group>
      )}
      {!editable && !course.lista_asistencia && <Alert color="gray" variant="light">{t('courses:attendance.read_only')}</Alert>}
    </Stack>
  );
}
