import { Alert, Badge, Button, Checkbox, Group, List, MultiSelect, Paper, Popover, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserMinus, IconUserPlus, IconUsersPlus } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dc3IncompleteModal } from '@/components/certificates';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage } from '@/components/forms';
import { hasSection, useSession } from '@/lib/auth/session';
import { CERTIFICATES_SECTION } from '@/lib/certificates/dc3-rules';
import { EMPLOYEE_SEARCH_MIN, useEmployeeOptions } from '@/lib/api/shared/employee-options';
import { useAllPlantOptions } from '@/lib/api/shared/plant-options';
import { useStructureOptions } from '@/lib/api/shared/structure-options';
import { postCancelEnrolment } from '../../api/cancel-enrolment';
import { postEnrol } from '../../api/enrol';
import { postEnrolPending, type PendingFilter } from '../../api/enrol-pending';
import { participantsTableUrl } from '../../api/participants-table';
import type { CursoDetalle, ParticipanteFila, ResultadoInscripcion, ResultadoPendientes } from '../../api/types';
import { bulkEnrolAllowed, isClosed } from '../course-rules';
import { CourseCertificateAction, Dc3Action } from './dc3-action';
import { carriesDc3 } from './dc3-rules';

const on = (v: unknown) => v === true || v === 1 || v === '1';

/** 'Participantes': the enrolled and waiting people, enrolment (one, a list, everyone pending) and cancelling. */
export function ParticipantsTab({ course, readOnly, onChanged }: { course: CursoDetalle; readOnly: boolean; onChanged: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const { user } = useSession();
  const table = useRef<DataTableHandle>(null);
  const canEnrol = course.permisos.inscribir && !readOnly;
  // Spec §5: no DC-3 for modality code 2 (virtual); only whoever follows the certificates.
  const followsCertificates = hasSection(user, CERTIFICATES_SECTION);
  const canDc3 = carriesDc3(course.modalidad) && followsCertificates;
  // The course certificate (any modality) is issued once the course is closed.
  const canCertificate = followsCertificates && isClosed(course);
  const [incomplete, setIncomplete] = useState<string[] | null>(null);
  const changed = () => {
    table.current?.refresh();
    onChanged();
  };

  const columns = useMemo<DataTableColumn<ParticipanteFila>[]>(
    () => [
      { field: 'num_empleado', header: t('courses:participants.num'), width: 90 },
      { field: 'nombre_empleado', header: t('courses:participants.name') },
      { field: 'puesto', header: t('courses:participants.position') },
      {
        field: 'estatus',
        header: t('courses:fields.estatus'),
        cell: (r) =>
          r.estatus === 'espera' ? (
            <Badge color="orange" variant="light">
              {t('courses:participants.waiting_n', { n: r.turno_espera ?? '?' })}
            </Badge>
          ) : (
            <Badge color={r.estatus === 'cancelado' ? 'red' : 'teal'} variant="light">
              {t(`courses:participants.states.${r.estatus}`, { defaultValue: r.estatus })}
            </Badge>
          ),
        printValue: (r) => (r.estatus === 'espera' ? t('courses:participants.waiting_n', { n: r.turno_espera ?? '?' }) : r.estatus),
      },
      { field: 'confirmado', header: t('courses:participants.confirmed'), cell: (r) => (on(r.confirmado) ? t('common:yes') : t('common:no')) },
      { field: 'asistencias', header: t('courses:participants.attendance'), align: 'right', cell: (r) => `${r.asistencias ?? 0}/${r.sesiones ?? course.sesiones.length}` },
      { field: 'calificacion', header: t('courses:participants.grade'), align: 'right' },
      {
        field: 'acreditado',
        header: t('courses:participants.result'),
        cell: (r) => (r.acreditado == null || r.acreditado === '' ? '—' : on(r.acreditado) ? t('courses:participants.passed') : t('courses:participants.failed')),
      },
    ],
    [t, course.sesiones.length],
  );

  return (
    <Stack gap="md">
      {canEnrol && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <EnrolPanel course={course} onDone={changed} />
          <PendingPanel course={course} onDone={changed} />
        </SimpleGrid>
      )}
      <DataTable<ParticipanteFila>
        ref={table}
        url={participantsTableUrl(course.cve_curso)}
        title={t('courses:participants.title')}
        columns={columns}
        rowKey={(r) => r.cve_inscripcion_ai}
        defaultSort={{ field: 'nombre_empleado', direction: 'asc' }}
        rowActions={
          canEnrol || canDc3 || canCertificate
            ? (r) => (
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  {/* Only an enrolled participant holds a seat the DC-3 is issued for. */}
                  {canDc3 && r.estatus === 'inscrito' && <Dc3Action cveCurso={course.cve_curso} row={r} onIncomplete={setIncomplete} />}
                  {canCertificate && r.estatus === 'inscrito' && on(r.acreditado) && <CourseCertificateAction cveCurso={course.cve_curso} row={r} />}
                  {canEnrol && (r.estatus === 'inscrito' || r.estatus === 'espera') && <CancelEnrolment row={r} onDone={changed} />}
                </Group>
              )
            : undefined
        }
        emptyMessage={t('courses:participants.empty')}
      />
      <Dc3IncompleteModal items={incomplete} onClose={() => setIncomplete(null)} />
    </Stack>
  );
}

/** The table's "cancel enrolment" popover (spec: generic table popover). */
function CancelEnrolment({ row, onDone }: { row: ParticipanteFila; onDone: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const [opened, setOpened] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postCancelEnrolment(row.cve_inscripcion_ai, motivo.trim() || undefined);
      showSaved(answer?.resp, answer?.promovido ? t('courses:participants.cancelled_promoted') : t('courses:participants.cancelled'));
      setOpened(false);
      onDone();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popover opened={opened} onChange={setOpened} withinPortal trapFocus position="bottom-end" shadow="md" width={280}>
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          leftSection={<IconUserMinus size={14} aria-hidden />}
          onClick={(e) => {
            e.stopPropagation();
            setOpened((o) => !o);
          }}
          aria-label={t('courses:participants.cancel_of', { name: row.nombre_empleado })}
        >
          {t('courses:participants.cancel')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown onClick={(e) => e.stopPropagation()}>
        <Stack gap="xs">
          <Text size="sm">{t('courses:participants.cancel_text', { name: row.nombre_empleado })}</Text>
          <FailureAlert message={failure} />
          <Textarea label={t('courses:actions.reason')} maxLength={500} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t('common:actions.close')}
            </Button>
            <Button size="xs" color="red" loading={busy} onClick={() => void cancel()}>
              {t('courses:participants.cancel_confirm')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Enrol one employee or a list. */
export function EnrolPanel({ course, onDone }: { course: CursoDetalle; onDone: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 300);
  const options = useEmployeeOptions(term);
  const [chosen, setChosen] = useState<{ value: string; label: string }[]>([]);
  const [waitingList, setWaitingList] = useState(true);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ResultadoInscripcion | null>(null);
  const data = [...chosen, ...(options.data ?? []).map((o) => ({ value: String(o.value), label: o.label })).filter((o) => !chosen.some((c) => c.value === o.value))];
  const count = chosen.length;
  const allowed = bulkEnrolAllowed(count, course.lugares_disponibles);

  const enrol = async () => {
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      const answer = await postEnrol(course.cve_curso, chosen.map((c) => Number(c.value)), waitingList);
      setResult(answer);
      setChosen([]);
      showSaved(answer?.resp, t('courses:enrol.done', { ok: answer.inscritos.length, waiting: answer.en_espera.length, ko: answer.rechazados.length }));
      onDone();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Text fw={600}>{t('courses:enrol.title')}</Text>
        <Text size="xs" c="dimmed">
          {t('courses:enrol.free', { n: course.lugares_disponibles })}
        </Text>
        <FailureAlert message={failure} />
        <MultiSelect
          label={t('courses:enrol.employees')}
          placeholder={t('courses:enrol.search', { count: EMPLOYEE_SEARCH_MIN })}
          data={data}
          value={chosen.map((c) => c.value)}
          onChange={(values) => setChosen(values.map((v) => data.find((d) => d.value === v) ?? { value: v, label: `#${v}` }))}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          nothingFoundMessage={search.trim().length < EMPLOYEE_SEARCH_MIN ? t('courses:enrol.search', { count: EMPLOYEE_SEARCH_MIN }) : t('courses:form.nothing_found')}
          clearable
        />
        <Checkbox label={t('courses:enrol.waiting_list')} checked={waitingList} onChange={(e) => setWaitingList(e.currentTarget.checked)} />
        {!allowed && (
          <Alert color="orange" variant="light" role="alert">
            {t('courses:enrol.bulk_rule', { free: course.lugares_disponibles })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} disabled={count === 0 || !allowed} loading={busy} onClick={() => void enrol()}>
            {t('courses:enrol.submit', { count })}
          </Button>
        </Group>
        {result && result.rechazados.length > 0 && (
          <Alert color="yellow" variant="light" title={t('courses:enrol.refused')}>
            <List size="sm">
              {result.rechazados.map((r) => (
                <List.Item key={r.cve_empleado}>
                  {r.nombre_empleado ?? `#${r.cve_empleado}`}: {r.motivo}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** 'Inscribir pendientes': everyone whose plan lacks the topic, in a structure or plant. */
function PendingPanel({ course, onDone }: { course: CursoDetalle; onDone: () => void }) {
  const { t } = useTranslation(['courses', 'common']);
  const [n2, setN2] = useState<number | null>(null);
  const [plant, setPlant] = useState<number | null>(null);
  const structures = useStructureOptions(2, null);
  const plants = useAllPlantOptions();
  const [preview, setPreview] = useState<ResultadoPendientes | null>(null);
  const [busy, setBusy] = useState<'preview' | 'enrol' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const filter: PendingFilter = { n2, cve_planta: plant };

  const run = async (vistaPrevia: boolean) => {
    setBusy(vistaPrevia ? 'preview' : 'enrol');
    setFailure(null);
    try {
      const answer = await postEnrolPending(course.cve_curso, filter, vistaPrevia);
      if (vistaPrevia) setPreview(answer);
      else {
        setPreview(null);
        showSaved(answer?.resp, t('courses:pending.done', { count: answer.inscritos ?? 0 }));
        onDone();
      }
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(null);
    }
  };
  const allowed = !!preview && preview.candidatos > 0 && bulkEnrolAllowed(preview.candidatos, preview.libres);

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Text fw={600}>{t('courses:pending.title')}</Text>
        <FailureAlert message={failure} />
        {/* One column on a phone: grown pairs keep half the width each even when they wrap. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('courses:pending.structure')}
            data={(structures.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
            value={n2 ? String(n2) : null}
            onChange={(v) => {
              setN2(v ? Number(v) : null);
              setPreview(null);
            }}
            clearable
            searchable
          />
          <Select
            label={t('courses:fields.planta')}
            data={(plants.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
            value={plant ? String(plant) : null}
            onChange={(v) => {
              setPlant(v ? Number(v) : null);
              setPreview(null);
            }}
            clearable
            searchable
          />
        </SimpleGrid>
        {preview && (
          <Alert color={allowed ? 'blue' : 'orange'} variant="light" role="status">
            {t('courses:pending.preview', { candidates: preview.candidatos, free: preview.libres })}
            {!allowed && preview.candidatos > 0 && <Text size="sm">{t('courses:enrol.bulk_rule', { free: preview.libres })}</Text>}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" loading={busy === 'preview'} onClick={() => void run(true)}>
            {t('courses:pending.preview_button')}
          </Button>
          <Button leftSection={<IconUsersPlus size={16} aria-hidden />} disabled={!allowed} loading={busy === 'enrol'} onClick={() => void run(false)}>
            {t('courses:pending.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
