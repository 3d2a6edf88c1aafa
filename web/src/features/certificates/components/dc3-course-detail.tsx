import { Alert, Badge, Button, Group, List, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { IconCertificate, IconCircleCheck, IconFileCertificate, IconMailForward, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Dc3IncompleteModal, useDc3Download } from '@/components/certificates';
import { FailureAlert, failureMessage } from '@/components/forms';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { openCourseCertificate } from '@/lib/certificates/certificate-forms';
import { useFormat } from '@/lib/i18n/use-format';
import { useCourseFollowUp } from '../api/course-follow-up';
import { postSendCourseDc3 } from '../api/send-course-dc3';
import type { EntregaDc3, EnvioDc3, SeguimientoDc3 } from '../api/types';
import { DueText, StateBadge } from './dc3-parts';

/** The heading's id: the region is named by it. */
const HEADING_ID = 'dc3-course-heading';

/**
 * A course's DC-3s: the course with its due date and counts, 'Enviar por correo' (asks
 * first, then tells what was sent) and each accredited participant with their code,
 * delivery, missing data and certificates. `focus` moves the focus to its heading once it
 * shows (after the user chose the course), so that keyboard and screen-reader users land on
 * what they asked for.
 */
export function Dc3CourseDetail({
  cveCurso,
  focus,
  onFocused,
  onClose,
  onChanged,
}: {
  cveCurso: number;
  focus: boolean;
  onFocused: () => void;
  onClose: () => void;
  /** After e-mails went out: refresh the year's list and this course. */
  onChanged: () => unknown;
}) {
  const { t } = useTranslation(['certificates', 'common']);
  const detail = useCourseFollowUp(cveCurso);
  const heading = useRef<HTMLHeadingElement>(null);
  const [missing, setMissing] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<EnvioDc3 | null>(null);
  const loaded = !!detail.data;

  useEffect(() => {
    if (focus && loaded) {
      heading.current?.focus();
      onFocused();
    }
  }, [focus, loaded, onFocused]);

  let body;
  if (detail.data) {
    const { curso, participantes } = detail.data;
    body = (
      <Stack gap="md">
        <CourseHeader course={curso} headingRef={heading} onSend={() => setConfirming(true)} onClose={onClose} />
        {result && <SendResult result={result} onClose={() => setResult(null)} />}
        <ParticipantsTable cveCurso={curso.cve_curso} participants={participantes} onIncomplete={setMissing} />
        <SendModal
          course={curso}
          opened={confirming}
          onClose={() => setConfirming(false)}
          onSent={(answer) => {
            setConfirming(false);
            setResult(answer);
            void onChanged();
          }}
        />
        <Dc3IncompleteModal items={missing} onClose={() => setMissing(null)} />
      </Stack>
    );
  } else if (detail.error !== undefined) {
    body = (
      <Stack gap="sm">
        <ListError title={t('certificates:follow_up.detail.load_error')} error={detail.error} onRetry={() => void detail.mutate()} />
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={onClose}>
            {t('certificates:follow_up.detail.close')}
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <div aria-busy="true" data-testid="dc3-detail-skeleton">
        <ListSkeleton rows={3} />
      </div>
    );
  }

  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      shadow="xs"
      aria-labelledby={loaded ? HEADING_ID : undefined}
      aria-label={loaded ? undefined : t('certificates:follow_up.detail.label')}
      data-testid="dc3-detail"
    >
      {body}
    </Paper>
  );
}

/** The course's name, period, due date, state and counts, with its actions. */
function CourseHeader({
  course,
  headingRef,
  onSend,
  onClose,
}: {
  course: SeguimientoDc3;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSend: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['certificates', 'common']);
  const { formatDate } = useFormat();
  const date = (value: string) => formatDate(value, 'P') || value;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Title order={2} size="h4" id={HEADING_ID} ref={headingRef} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
            {course.nombre_curso}
          </Title>
          <Text size="sm" c="dimmed">
            {t('certificates:period', { inicio: date(course.fecha_inicio), fin: date(course.fecha_fin) })}
          </Text>
          <Group gap="xs" wrap="wrap">
            <StateBadge estado={course.estado} />
            <Text size="sm">{t('certificates:follow_up.detail.due', { fecha: date(course.fecha_limite) })}</Text>
            <DueText course={course} />
          </Group>
          <Text size="sm">
            {t('certificates:follow_up.detail.counts', { acreditados: course.acreditados, entregadas: course.entregadas, pendientes: course.pendientes })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button leftSection={<IconMailForward size={16} aria-hidden />} onClick={onSend} disabled={course.pendientes === 0}>
            {t('certificates:follow_up.send.button')}
          </Button>
          <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={onClose}>
            {t('certificates:follow_up.detail.close')}
          </Button>
        </Group>
      </Group>
      {course.pendientes === 0 && (
        <Text size="sm" c="dimmed">
          {t('certificates:follow_up.send.nothing')}
        </Text>
      )}
    </Stack>
  );
}

/** 'Enviar las DC-3 por correo': asks first; a refusal shows in the dialog. */
function SendModal({ course, opened, onClose, onSent }: { course: SeguimientoDc3; opened: boolean; onClose: () => void; onSent: (answer: EnvioDc3) => void }) {
  const { t } = useTranslation(['certificates', 'common']);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };
  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postSendCourseDc3(course.cve_curso);
      onSent(answer);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('certificates:follow_up.send.title')} centered>
      <Stack gap="sm">
        <FailureAlert message={failure} />
        <Text size="sm">{t('certificates:follow_up.send.text', { curso: course.nombre_curso })}</Text>
        <Text size="sm" fw={600}>
          {t('certificates:follow_up.send.pending', { count: course.pendientes })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button leftSection={<IconMailForward size={16} aria-hidden />} loading={busy} onClick={() => void send()} data-autofocus>
            {t('certificates:follow_up.send.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What the sending did: sent now, delivered before, without e-mail, with data missing. */
function SendResult({ result, onClose }: { result: EnvioDc3; onClose: () => void }) {
  const { t } = useTranslation(['certificates', 'common']);
  const figures = (['enviadas', 'ya_entregadas', 'sin_correo', 'incompletas'] as const).map((key) => [key, result[key]] as const);
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      title={t('certificates:follow_up.send.result_title')}
      icon={<IconCircleCheck size={18} aria-hidden />}
      withCloseButton
      closeButtonLabel={t('common:actions.close')}
      onClose={onClose}
      data-testid="dc3-send-result"
    >
      <Stack gap="xs">
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="xs" m={0}>
          {figures.map(([key, value]) => (
            <div key={key}>
              <Text component="dt" size="xs" fw={700}>
                {t(`certificates:follow_up.send.result.${key}`)}
              </Text>
              <Text component="dd" m={0} fw={800} size="lg" data-testid={`dc3-sent-${key}`}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {result.sin_correo > 0 && <Text size="sm">{t('certificates:follow_up.send.no_email_hint')}</Text>}
        {result.incompletas > 0 && <Text size="sm">{t('certificates:follow_up.send.incomplete_hint')}</Text>}
      </Stack>
    </Alert>
  );
}

/** Each accredited participant's DC-3, with its downloads. */
function ParticipantsTable({ cveCurso, participants, onIncomplete }: { cveCurso: number; participants: EntregaDc3[]; onIncomplete: (items: string[]) => void }) {
  const { t } = useTranslation(['certificates', 'common']);
  const { formatDate } = useFormat();
  const title = t('certificates:follow_up.detail.participants');
  if (participants.length === 0) return <EmptyState title={t('certificates:follow_up.detail.empty')} />;
  const header = (key: string) => <Table.Th scope="col">{t(`certificates:follow_up.detail.columns.${key}`)}</Table.Th>;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {t('certificates:follow_up.detail.refresh_hint')}
      </Text>
      <Table.ScrollContainer minWidth={980} type="native" tabIndex={0} role="region" aria-label={title}>
        <Table striped verticalSpacing="xs" aria-label={title} data-testid="dc3-participants">
          <Table.Thead>
            <Table.Tr>
              {header('num')}
              {header('name')}
              {header('email')}
              {header('code')}
              {header('delivered')}
              {header('missing')}
              {header('actions')}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {participants.map((p) => (
              <Table.Tr key={p.cve_empleado} data-empleado={p.cve_empleado}>
                <Table.Td>{p.num_empleado}</Table.Td>
                <Table.Th scope="row" fw={600} style={{ minWidth: 160, overflowWrap: 'anywhere' }}>
                  {p.nombre_empleado}
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {p.correo_empleado?.trim() ? (
                    p.correo_empleado
                  ) : (
                    <Text component="span" size="sm" c="dimmed">
                      {t('certificates:follow_up.detail.no_email')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {p.codigo ? (
                    <Text component="span" ff="monospace" fw={600} size="sm" data-testid="dc3-code">
                      {p.codigo}
                    </Text>
                  ) : (
                    <Text component="span" size="sm" c="dimmed">
                      {t('certificates:follow_up.detail.no_code')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {p.entregado ? (
                    <Stack gap={2} align="flex-start">
                      <Text component="span" size="sm">
                        {formatDate(p.entregado, 'Pp') || p.entregado}
                      </Text>
                      {p.medio_entrega && (
                        <Badge variant="light" color={p.medio_entrega === 'correo' ? 'grape' : 'cyan'} tt="none" size="sm">
                          {t(`certificates:follow_up.detail.media.${p.medio_entrega}`, { defaultValue: p.medio_entrega })}
                        </Badge>
                      )}
                    </Stack>
                  ) : (
                    <Text component="span" size="sm" c="dimmed">
                      {t('certificates:follow_up.detail.pending')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ minWidth: 200 }}>
                  {p.faltantes.length === 0 ? (
                    <Group gap={4} wrap="nowrap">
                      <IconCircleCheck size={16} color="var(--mantine-color-green-9)" aria-hidden />
                      <Text component="span" size="sm" c="green.9">
                        {t('certificates:follow_up.detail.complete')}
                      </Text>
                    </Group>
                  ) : (
                    <List size="xs" spacing={2} c="red.9" data-testid="dc3-faltantes">
                      {p.faltantes.map((item, i) => (
                        <List.Item key={i}>{item}</List.Item>
                      ))}
                    </List>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {p.faltantes.length === 0 && <Dc3Button cveCurso={cveCurso} participant={p} onIncomplete={onIncomplete} />}
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="teal"
                      leftSection={<IconFileCertificate size={16} aria-hidden />}
                      aria-label={t('certificates:follow_up.detail.certificate_of', { name: p.nombre_empleado })}
                      onClick={() => openCourseCertificate(cveCurso, p.cve_empleado)}
                    >
                      {t('certificates:follow_up.detail.certificate')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** 'Descargar DC-3' of one participant: checked first, then opened in a new tab. */
function Dc3Button({ cveCurso, participant, onIncomplete }: { cveCurso: number; participant: EntregaDc3; onIncomplete: (items: string[]) => void }) {
  const { t } = useTranslation('certificates');
  const { busy, download } = useDc3Download(onIncomplete);
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconCertificate size={16} aria-hidden />}
      loading={busy}
      aria-label={t('certificates:follow_up.detail.download_dc3_of', { name: participant.nombre_empleado })}
      onClick={() => void download(cveCurso, participant.cve_empleado)}
    >
      {t('certificates:follow_up.detail.download_dc3')}
    </Button>
  );
}
