import { Alert, Button, Checkbox, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch, IconUserCheck } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { failureMessage, isSessionEnd } from '@/components/forms';
import { UploadField } from '@/components/upload';
import { postCertifications } from '../api/bulk';
import { fetchEmployeeByCurp } from '../api/find-employee';
import { useTopicsByName } from '../api/find-topics';
import type { EmpleadoCurp, TemaNombre } from '../api/types';
import { postDc3File } from '../api/upload-dc3';
import { useErrorText } from './error-text';
import { CURP_LENGTH, canProcess, dateProblem, isFullCurp, normalizeCurp, pdfProblem, today, topicTerm, validityDate } from './rules';
import { useDates } from './use-dates';

/** How long the topic search waits after the last keystroke. */
export const TOPIC_DEBOUNCE_MS = 350;

/** A topic as the select shows it. */
function topicLabel(x: TemaNombre): string {
  return x.abreviatura ? `${x.abreviatura} · ${x.nombre_tema}` : x.nombre_tema;
}

/**
 * The individual load (spec §4/§5): the worker by their whole CURP, the topic by name, the
 * accreditation date (not after today), the read-only validity, the DC-3 PDF; 'Procesar'
 * opens a confirmation whose checkbox must be ticked before the certification is sent.
 */
export function IndividualLoad({ onLoaded, onClose }: { onLoaded: () => void; onClose: () => void }) {
  const { t } = useTranslation(['external-certifications', 'common', 'errors']);
  const { date, validity } = useDates();
  const errorText = useErrorText();
  const hoy = today();
  const processHintId = useId();

  const [curp, setCurp] = useState('');
  const [curpError, setCurpError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [employee, setEmployee] = useState<EmpleadoCurp | null>(null);

  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, TOPIC_DEBOUNCE_MS);
  const term = topicTerm(debounced);
  const topics = useTopicsByName(term);
  const [topic, setTopic] = useState<TemaNombre | null>(null);

  const [fecha, setFecha] = useState(hoy);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const [confirming, setConfirming] = useState(false);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const fechaProblem = dateProblem(fecha, hoy);
  const vigencia = validityDate(fecha, topic ? topic.meses_certificacion : null);
  const ready = canProcess({ employee, topic, file, dateOk: fechaProblem === null });

  const findEmployee = async () => {
    const value = normalizeCurp(curp);
    setCurp(value);
    setEmployee(null);
    if (!isFullCurp(value)) {
      setCurpError(t('external-certifications:individual.curp_incomplete'));
      return;
    }
    setCurpError(null);
    setSearching(true);
    try {
      const found = await fetchEmployeeByCurp(value);
      if (found) setEmployee(found);
      else setCurpError(t('external-certifications:individual.not_found'));
    } catch (error) {
      const message = failureMessage(error);
      if (message) setCurpError(message);
    } finally {
      setSearching(false);
    }
  };

  // The chosen topic stays an option while other searches come and go.
  const options = useMemo(() => {
    const list = [...(term ? (topics.data ?? []) : [])];
    if (topic && !list.some((x) => x.cve_tema === topic.cve_tema)) list.unshift(topic);
    return list;
  }, [term, topics.data, topic]);
  const topicNotFound = !!term && !topics.isValidating && topics.data !== undefined && topics.data.length === 0 && !topic;

  const pickFile = (picked: File | null) => {
    const problem = picked ? pdfProblem(picked) : null;
    setFileError(problem ? t(`external-certifications:file.${problem}`) : null);
    setFile(problem ? null : picked);
  };

  const openConfirm = () => {
    if (!ready) return;
    setFailure(null);
    setChecked(false);
    setConfirming(true);
  };

  const submit = async () => {
    if (!employee || !topic || !file || !checked) return;
    setBusy(true);
    try {
      const { url } = await postDc3File(file);
      const answer = await postCertifications([
        {
          CUIL_CUIT_CURP: employee.curp,
          Fecha_Realizacion: fecha,
          Fecha_Vigencia: vigencia,
          ID_TEMA: topic.cve_tema,
          link_dc3: url,
        },
      ]);
      const refused = answer.errores?.[0];
      if (answer.errors > 0 || refused) {
        setFailure(refused ? errorText(refused.codigo, refused.mensaje) : t('external-certifications:individual.failed'));
        setConfirming(false);
        return;
      }
      showSaved(undefined, t('external-certifications:individual.done'));
      setConfirming(false);
      onLoaded();
      onClose();
    } catch (error) {
      if (isSessionEnd(error)) return;
      setFailure(failureMessage(error));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const fechaError = fechaProblem && fechaProblem !== 'required' ? t(`external-certifications:individual.fecha_${fechaProblem}`) : fechaProblem === 'required' ? t('external-certifications:individual.fecha_required') : undefined;

  return (
    <Stack gap="md">
      {failure && (
        <Alert color="red" variant="light" role="alert" title={t('external-certifications:individual.failed')}>
          {failure}
        </Alert>
      )}
      <form
        noValidate
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void findEmployee();
        }}
      >
        <TextInput
          label={t('external-certifications:individual.curp')}
          description={t('external-certifications:individual.curp_hint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={curp}
          maxLength={CURP_LENGTH}
          autoComplete="off"
          spellCheck={false}
          required
          error={curpError}
          onChange={(e) => {
            setCurp(e.currentTarget.value.toUpperCase());
            setCurpError(null);
            if (employee) setEmployee(null);
          }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSectionWidth={104}
          rightSectionPointerEvents="all"
          rightSection={
            <Button type="submit" size="compact-sm" loading={searching} leftSection={<IconSearch size={14} aria-hidden />}>
              {t('external-certifications:individual.search')}
            </Button>
          }
          data-autofocus
        />
      </form>
      <div aria-live="polite">
        {employee && (
          <Paper withBorder radius="md" p="xs" bg="teal.0" data-testid="employee-found">
            <Group gap="xs" wrap="nowrap">
              <IconUserCheck size={20} aria-hidden color="var(--mantine-color-teal-8)" />
              <div style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {t('external-certifications:individual.employee')}
                </Text>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {employee.nombre_empleado}
                </Text>
                <Text size="xs" ff="monospace">
                  {employee.curp}
                </Text>
              </div>
            </Group>
          </Paper>
        )}
      </div>
      <Select
        label={t('external-certifications:individual.topic')}
        description={t('external-certifications:individual.topic_hint')}
        placeholder={t('external-certifications:individual.topic_placeholder')}
        searchable
        required
        data={options.map((x) => ({ value: String(x.cve_tema), label: topicLabel(x) }))}
        filter={({ options: all }) => all}
        value={topic ? String(topic.cve_tema) : null}
        onChange={(value) => setTopic(options.find((x) => String(x.cve_tema) === value) ?? null)}
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={term && !topics.isValidating ? t('external-certifications:individual.topic_not_found') : undefined}
        error={
          topicNotFound
            ? t('external-certifications:individual.topic_not_found')
            : topics.error !== undefined && term
              ? t('external-certifications:individual.topics_error')
              : undefined
        }
        rightSection={topics.isValidating ? <span aria-hidden>…</span> : undefined}
        clearable
      />
      {topic && (
        <Text size="xs" c="dimmed" mt={-8}>
          {topic.meses_certificacion > 0
            ? t('external-certifications:individual.months', { count: topic.meses_certificacion })
            : t('external-certifications:individual.months_none')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label={t('external-certifications:individual.fecha')}
          value={fecha}
          max={hoy}
          required
          onChange={(e) => setFecha(e.currentTarget.value)}
          error={fechaError}
        />
        <TextInput
          label={t('external-certifications:individual.vigencia')}
          description={t('external-certifications:individual.vigencia_hint')}
          value={vigencia ? validity(vigencia) : ''}
          placeholder="—"
          readOnly
        />
      </SimpleGrid>
      <UploadField
        label={t('external-certifications:individual.dc3')}
        description={t('external-certifications:individual.dc3_hint')}
        accept="application/pdf,.pdf"
        required
        file={file}
        onChange={pickFile}
        error={fileError ?? undefined}
      />
      <Stack gap={4} align="flex-end">
        <Button onClick={openConfirm} disabled={!ready} aria-describedby={ready ? undefined : processHintId} leftSection={<IconCheck size={16} aria-hidden />}>
          {t('external-certifications:individual.process')}
        </Button>
        {!ready && (
          <Text size="xs" c="dimmed" id={processHintId} ta="right">
            {t('external-certifications:individual.process_hint')}
          </Text>
        )}
      </Stack>

      <Modal
        stackId="confirm"
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('external-certifications:confirm.title')}
        centered
      >
        {employee && topic && file && (
          <Stack gap="sm">
            <Text size="sm">{t('external-certifications:confirm.intro')}</Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="dl" m={0}>
              <Summary label={t('external-certifications:fields.certificado')} value={employee.nombre_empleado} />
              <Summary label={t('external-certifications:fields.curp')} value={employee.curp} />
              <Summary label={t('external-certifications:fields.tema')} value={topicLabel(topic)} />
              <Summary label={t('external-certifications:fields.fecha_realizacion')} value={date(fecha)} />
              <Summary label={t('external-certifications:fields.fecha_vigencia')} value={validity(vigencia)} />
              <Summary label={t('external-certifications:confirm.file')} value={file.name} />
            </SimpleGrid>
            <Checkbox
              label={t('external-certifications:confirm.check')}
              checked={checked}
              onChange={(e) => setChecked(e.currentTarget.checked)}
              required
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('common:actions.cancel')}
              </Button>
              <Button onClick={() => void submit()} disabled={!checked} loading={busy}>
                {t('external-certifications:confirm.submit')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
