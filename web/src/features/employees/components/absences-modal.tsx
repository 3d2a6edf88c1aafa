import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Alert, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconCalendarOff, IconCheck, IconTrash, IconX } from '@tabler/icons-react';
import '@mantine/core/styles/Table.css';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { FailureAlert, applyServerError, isSessionEnd } from '@/components/forms';
import { EmptyState } from '@/components/states/empty-state';
import { errorMessage } from '@/lib/api/client';
import { useFormat } from '@/lib/i18n/use-format';
import { postAbsence } from '../api/create-absence';
import { deleteAbsence } from '../api/delete-absence';
import { useAbsences, type Absence } from '../api/get-absences';
import { employeeKey } from '../api/get-employee';
import { absenceSchema, overlaps, type AbsenceValues, MOTIVO_MAX } from './absence-schema';
import { showDone } from './toast';
import { useMobile } from './use-mobile';

export interface AbsenceTarget {
  cve_empleado: number;
  nombre_empleado: string;
}

/** An employee's absences: the list, and for editors add (date range + reason) and delete. */
export function AbsencesModal({
  employee,
  canEdit,
  onClose,
}: {
  employee: AbsenceTarget | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('employees');
  const mobile = useMobile();
  return (
    <Modal opened={!!employee} onClose={onClose} title={t('absences.title')} size="lg" fullScreen={mobile}>
      {employee && <AbsencesPanel key={employee.cve_empleado} employee={employee} canEdit={canEdit} />}
    </Modal>
  );
}

function AbsencesPanel({ employee, canEdit }: { employee: AbsenceTarget; canEdit: boolean }) {
  const { t } = useTranslation(['employees', 'common', 'errors']);
  const { formatDate } = useFormat();
  const { mutate } = useSWRConfig();
  const cve = employee.cve_empleado;
  const list = useAbsences(cve);
  const absences = useMemo(
    () => [...(list.data ?? [])].sort((a, b) => b.fecha_inicio.localeCompare(a.fecha_inicio)),
    [list.data],
  );
  const [confirming, setConfirming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const changed = () => {
    void list.mutate();
    // The detail carries the absences too.
    void mutate(employeeKey(cve));
  };

  const remove = async (absence: Absence) => {
    const id = absence.id_ausencia;
    setDeleting(id);
    setDeleteError(null);
    try {
      await deleteAbsence(cve, id);
      showDone(t('employees:absences.deleted'));
      setConfirming(null);
      changed();
    } catch (error) {
      if (!isSessionEnd(error)) setDeleteError(errorMessage(error));
    } finally {
      setDeleting(null);
    }
  };

  const day = (value: string) => formatDate(value, 'PP') || value;

  return (
    <Stack gap="md">
      <Text size="sm" fw={600}>
        {employee.nombre_empleado}
      </Text>
      {list.error !== undefined && !list.data && (
        <Alert color="red" variant="light" role="alert" title={t('employees:absences.load_error')}>
          <Text size="sm">{errorMessage(list.error)}</Text>
          <Button size="xs" mt="sm" variant="white" color="red" onClick={() => void list.mutate()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      )}
      {list.isLoading && (
        <Stack gap="xs" aria-busy aria-label={t('common:loading')}>
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      )}
      {list.data && absences.length === 0 && (
        <EmptyState
          icon={<IconCalendarOff size={26} aria-hidden />}
          title={t('employees:absences.empty')}
          description={canEdit ? t('employees:absences.empty_hint') : undefined}
        />
      )}
      {absences.length > 0 && (
        <Table.ScrollContainer minWidth={420} type="native">
          <Table striped verticalSpacing="xs" aria-label={t('employees:absences.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('employees:absences.from')}</Table.Th>
                <Table.Th>{t('employees:absences.to')}</Table.Th>
                <Table.Th>{t('employees:absences.reason')}</Table.Th>
                {canEdit && <Table.Th w={110}>{t('common:table.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {absences.map((absence) => {
                const id = absence.id_ausencia;
                const label = t('employees:absences.delete_row', { from: day(absence.fecha_inicio), to: day(absence.fecha_fin) });
                return (
                  <Table.Tr key={id}>
                    <Table.Td>{day(absence.fecha_inicio)}</Table.Td>
                    <Table.Td>{day(absence.fecha_fin)}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{absence.motivo}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        {confirming === id && id !== undefined ? (
                          <Group gap={4} wrap="nowrap">
                            <ActionIcon
                              color="red"
                              variant="filled"
                              aria-label={t('employees:absences.confirm_delete')}
                              loading={deleting === id}
                              onClick={() => void remove(absence)}
                            >
                              <IconCheck size={16} />
                            </ActionIcon>
                            <ActionIcon variant="default" aria-label={t('common:actions.cancel')} onClick={() => setConfirming(null)}>
                              <IconX size={16} />
                            </ActionIcon>
                          </Group>
                        ) : (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={label}
                            disabled={id === undefined}
                            onClick={() => setConfirming(id ?? null)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {deleteError && (
        <Alert color="red" variant="light" role="alert">
          {deleteError}
        </Alert>
      )}
      {canEdit && <AddAbsenceForm cve={cve} existing={list.data ?? []} onAdded={changed} />}
    </Stack>
  );
}

function AddAbsenceForm({ cve, existing, onAdded }: { cve: number; existing: Absence[]; onAdded: () => void }) {
  const { t } = useTranslation(['employees', 'common', 'errors']);
  const schema = useMemo(() => absenceSchema((k, o) => t(k, o)), [t]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AbsenceValues>({
    resolver: zodResolver(schema),
    defaultValues: { fecha_inicio: '', fecha_fin: '', motivo: '' },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: AbsenceValues) => {
    setFailure(null);
    if (overlaps(values, existing)) {
      setError('fecha_inicio', { type: 'overlap', message: t('employees:absences.overlap') });
      return;
    }
    try {
      await postAbsence(cve, { fecha_inicio: values.fecha_inicio, fecha_fin: values.fecha_fin, motivo: values.motivo.trim() });
      showDone(t('employees:absences.added'));
      reset();
      onAdded();
    } catch (error) {
      setFailure(
        applyServerError(error, setError, ['fecha_inicio', 'fecha_fin', 'motivo'], { codeFields: { 'duplicado.ausencia': 'fecha_inicio' } }),
      );
    }
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <form onSubmit={handleSubmit(submit)} noValidate aria-label={t('employees:absences.add_title')}>
        <Stack gap="sm">
          <Title order={4} size="h6">
            {t('employees:absences.add_title')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="date"
              label={t('employees:absences.from')}
              withAsterisk
              error={errors.fecha_inicio?.message}
              {...register('fecha_inicio')}
            />
            <TextInput
              type="date"
              label={t('employees:absences.to')}
              withAsterisk
              error={errors.fecha_fin?.message}
              {...register('fecha_fin')}
            />
          </SimpleGrid>
          <Textarea
            label={t('employees:absences.reason')}
            maxLength={MOTIVO_MAX}
            rows={2}
            withAsterisk
            error={errors.motivo?.message}
            {...register('motivo')}
          />
          <FailureAlert message={failure} />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {t('employees:absences.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
