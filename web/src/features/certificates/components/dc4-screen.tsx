import { Alert, Button, Code, Group, NativeSelect, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Table.css';
import { IconBuildingFactory2, IconCalendar, IconFileSpreadsheet, IconFileTypePdf, IconListDetails } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { saveBlob } from '@/components/data-table/export';
import { failureMessage } from '@/components/forms';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError } from '@/components/states/list-states';
import { useCompanies } from '@/lib/api/shared/companies';
import { useFormat } from '@/lib/i18n/use-format';
import { downloadDc4, useDc4, type LineaDc4, type ListaDc4 } from '../api/dc4';
import { companyFrom, dc4FileName } from './dc4-rules';
import { yearFrom, yearOptions } from './follow-up-rules';

const COMPANY_PARAM = 'empresa';
const YEAR_PARAM = 'anio';

/**
 * /menu/plantilla_DC4: the DC-4 list (the STPS form of the constancias a company owes) of a
 * company (N4) and a plan year: its employer data, a line per worker and course, and the PDF
 * and Excel to file.
 */
export function Dc4Screen() {
  const { t } = useTranslation(['certificates', 'common']);
  const [params, setParams] = useSearchParams();
  const currentYear = new Date().getFullYear();
  const anio = yearFrom(params.get(YEAR_PARAM), currentYear);
  const companies = useCompanies();
  const list = companies.data ?? [];
  // With a single company there is nothing to choose.
  const cveN4 = companyFrom(params.get(COMPANY_PARAM)) ?? (list.length === 1 ? (list[0]?.cve_n4 ?? null) : null);
  const dc4 = useDc4(cveN4, anio);
  useScreenChrome({ onUpdate: () => Promise.all([companies.mutate(), dc4.mutate()]) });

  const choose = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const years = yearOptions(Math.max(currentYear, anio)).map((y) => ({ value: String(y), label: String(y) }));

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Stack gap="sm">
          <Text size="sm" c="dimmed" maw={760}>
            {t('certificates:dc4.intro')}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('certificates:dc4.company')}
              placeholder={companies.isLoading ? t('common:loading') : t('certificates:dc4.pick_company')}
              data={list.map((c) => ({ value: String(c.cve_n4), label: c.nombre }))}
              value={cveN4 === null ? null : String(cveN4)}
              onChange={(v) => choose(COMPANY_PARAM, v)}
              searchable
              allowDeselect={false}
              nothingFoundMessage={t('certificates:dc4.no_companies')}
              leftSection={<IconBuildingFactory2 size={16} aria-hidden />}
              w={{ base: '100%', xs: 320 }}
            />
            <NativeSelect
              label={t('certificates:follow_up.year')}
              data={years}
              value={String(anio)}
              onChange={(e) => choose(YEAR_PARAM, e.currentTarget.value)}
              leftSection={<IconCalendar size={16} aria-hidden />}
              w={{ base: '100%', xs: 160 }}
            />
          </Group>
          {companies.error !== undefined && !companies.data && (
            <ListError title={t('certificates:dc4.companies_error')} error={companies.error} onRetry={() => void companies.mutate()} />
          )}
        </Stack>
      </Paper>
      {cveN4 === null ? (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
          <EmptyState icon={<IconBuildingFactory2 size={26} aria-hidden />} title={t('certificates:dc4.pick_title')} description={t('certificates:dc4.pick_text')} />
        </Paper>
      ) : dc4.error !== undefined && !dc4.data ? (
        <ListError title={t('certificates:dc4.load_error')} error={dc4.error} onRetry={() => void dc4.mutate()} />
      ) : !dc4.data ? (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
          <Stack gap="xs" role="status" aria-busy="true" aria-label={t('certificates:dc4.loading')} data-testid="dc4-skeleton">
            <Skeleton height={72} radius="md" />
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={32} radius="sm" />
            ))}
          </Stack>
        </Paper>
      ) : (
        <Dc4List key={`${cveN4}-${anio}`} cveN4={cveN4} anio={anio} data={dc4.data} />
      )}
    </Stack>
  );
}

function Dc4List({ cveN4, anio, data }: { cveN4: number; anio: number; data: ListaDc4 }) {
  const { t } = useTranslation(['certificates', 'common']);
  const titleId = useId();
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (formato: 'pdf' | 'xlsx') => {
    setBusy(formato);
    setFailure(null);
    try {
      const file = await downloadDc4(cveN4, anio, formato);
      saveBlob(file.blob, file.filename || dc4FileName(data.empresa, anio, formato));
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(null);
    }
  };
  const empty = data.lineas.length === 0;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {t('certificates:dc4.title', { empresa: data.empresa, anio: data.anio })}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Button
              variant="light"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              loading={busy === 'pdf'}
              disabled={empty || (busy !== null && busy !== 'pdf')}
              onClick={() => void download('pdf')}
            >
              {t('certificates:dc4.pdf')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              loading={busy === 'xlsx'}
              disabled={empty || (busy !== null && busy !== 'xlsx')}
              onClick={() => void download('xlsx')}
            >
              {t('certificates:dc4.xlsx')}
            </Button>
          </Group>
        </Group>
        {failure && (
          <Alert color="red" variant="light" role="alert" title={t('certificates:dc4.download_error')}>
            {failure}
          </Alert>
        )}
        <Text size="sm" fw={600} mb={-8}>
          {t('certificates:dc4.employer')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
          <Field label={t('certificates:dc4.fields.razon_social')} value={data.razon_social} />
          <Field label={t('certificates:dc4.fields.rfc')} value={data.rfc} />
          <Field label={t('certificates:dc4.fields.registro_patronal')} value={data.registro_patronal} />
          <Field label={t('certificates:dc4.fields.lineas')} value={String(data.lineas.length)} />
        </SimpleGrid>
        {empty ? (
          <EmptyState
            icon={<IconListDetails size={26} aria-hidden />}
            title={t('certificates:dc4.empty', { anio: data.anio })}
            description={t('certificates:dc4.empty_hint')}
          />
        ) : (
          <Dc4Table lineas={data.lineas} label={t('certificates:dc4.lines')} />
        )}
      </Stack>
    </Paper>
  );
}

/** The lines; on a phone the table scrolls sideways (also by keyboard: the region takes the focus). */
function Dc4Table({ lineas, label }: { lineas: LineaDc4[]; label: string }) {
  const { t } = useTranslation('certificates');
  const { formatDate, formatNumber } = useFormat();
  const date = (v: string) => formatDate(v, 'P') || v;
  return (
    <Table.ScrollContainer minWidth={1100} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right">{t('certificates:dc4.fields.numero')}</Table.Th>
            <Table.Th>{t('certificates:dc4.fields.trabajador')}</Table.Th>
            <Table.Th>{t('certificates:dc4.fields.curp')}</Table.Th>
            <Table.Th>{t('certificates:dc4.fields.ocupacion')}</Table.Th>
            <Table.Th>{t('certificates:dc4.fields.curso')}</Table.Th>
            <Table.Th>{t('certificates:dc4.fields.area')}</Table.Th>
            <Table.Th ta="right">{t('certificates:dc4.fields.horas')}</Table.Th>
            <Table.Th>{t('certificates:dc4.fields.periodo')}</Table.Th>
            <Table.Th>{t('certificates:dc4.fields.agente')}</Table.Th>
            <Table.Th>{t('certificates:dc4.fields.codigo')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lineas.map((l) => (
            <Table.Tr key={l.numero}>
              <Table.Td ta="right">{l.numero}</Table.Td>
              <Table.Td>{l.nombre_empleado}</Table.Td>
              <Table.Td ff="monospace">{l.curp}</Table.Td>
              <Table.Td>{l.ocupacion}</Table.Td>
              <Table.Td>{l.nombre_curso}</Table.Td>
              <Table.Td>{l.area_tematica}</Table.Td>
              <Table.Td ta="right">{formatNumber(l.horas, { maximumFractionDigits: 1 })}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {l.fecha_inicio === l.fecha_fin ? date(l.fecha_inicio) : t('certificates:dc4.period', { inicio: date(l.fecha_inicio), fin: date(l.fecha_fin) })}
              </Table.Td>
              <Table.Td>{l.agente_capacitador}</Table.Td>
              <Table.Td>{l.codigo ? <Code style={{ whiteSpace: 'nowrap' }}>{l.codigo}</Code> : <Text span c="dimmed">{t('certificates:dc4.no_code')}</Text>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}
