import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar, IconFilterOff } from '@tabler/icons-react';
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTypedDate } from '@/components/forms/typed-date';
import { useCalendarAriaLabels } from '@/lib/i18n/calendar-labels';
import { useReportOptions } from '../api/report-options';
import type { Opcion } from '../api/types';
import { NO_FILTERS, activeCount, type IdFilter, type ListFilter, type MassFilters } from './mass-filters';

export interface MassFilterBarProps {
  filters: MassFilters;
  onChange: (change: Partial<MassFilters>) => void;
  /** Beside 'Quitar filtros': the export menu. */
  actions?: ReactNode;
  /** Under the filters: the row count, an export's failure. */
  children?: ReactNode;
}

type SelectData = { value: string; label: string }[];

const asData = (options: readonly Opcion[] | undefined): SelectData =>
  (options ?? []).map((o) => ({ value: String(o.value), label: o.label }));

/**
 * The mass report's filters: structure node (any level, 'N3 · Nombre'), plant, position, topic,
 * topic group, block, modality, state, requirement kind and the accreditation dates, with
 * their options from GET reportes/opciones. The values live in the URL (useMassFilters).
 */
export function MassFilterBar({ filters, onChange, actions, children }: MassFilterBarProps) {
  const { t } = useTranslation(['reports', 'common']);
  const calendarLabels = useCalendarAriaLabels();
  const options = useReportOptions();
  const titleId = useId();
  const o = options.data;

  const nodes = useMemo(
    () => (o?.estructura ?? []).map((n) => ({ value: String(n.value), label: t('reports:filters.node', { nivel: n.nivel, nombre: n.label }) })),
    [o?.estructura, t],
  );
  const lists = useMemo(
    () => ({
      cve_planta: asData(o?.plantas),
      cve_puesto: asData(o?.puestos),
      cve_tema: asData(o?.temas),
      id_grupo: asData(o?.grupos),
      id_bloque: asData(o?.bloques),
      modalidad: asData(o?.modalidades),
      estado: asData(o?.estados),
      requerimiento: asData(o?.requerimientos),
    }),
    [o],
  );

  const placeholder = (all: string) => (options.isLoading ? t('common:loading') : t(all));
  const idSelect = (key: IdFilter, label: string, all: string, data: SelectData) => (
    <Select
      key={key}
      label={t(label)}
      placeholder={placeholder(all)}
      data={data}
      value={filters[key] === null ? null : String(filters[key])}
      onChange={(v) => onChange({ [key]: v ? Number(v) : null })}
      searchable
      clearable
      limit={300}
      nothingFoundMessage={t('reports:filters.no_matches')}
      comboboxProps={{ withinPortal: true }}
      data-testid={`filter-${key}`}
    />
  );
  const listSelect = (key: ListFilter, label: string, all: string) => (
    <Select
      key={key}
      label={t(label)}
      placeholder={placeholder(all)}
      data={lists[key]}
      value={filters[key]}
      onChange={(v) => onChange({ [key]: v || null })}
      clearable
      comboboxProps={{ withinPortal: true }}
      data-testid={`filter-${key}`}
    />
  );
  const dateInput = (key: 'fecha_inicial' | 'fecha_final', label: string, error?: string) => (
    <DateInput
      key={key}
      label={t(label)}
      value={filters[key]}
      onChange={(v) => onChange({ [key]: v ? String(v).slice(0, 10) : null })}
      dateParser={parseTypedDate}
      valueFormat="DD/MM/YYYY"
      placeholder={t('reports:filters.date_placeholder')}
      leftSection={<IconCalendar size={16} aria-hidden />}
      ariaLabels={calendarLabels}
      clearable
      error={error}
      popoverProps={{ withinPortal: true }}
      data-testid={`filter-${key}`}
    />
  );

  const inverted = !!filters.fecha_inicial && !!filters.fecha_final && filters.fecha_final < filters.fecha_inicial;
  const chosen = activeCount(filters);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h5" id={titleId}>
          {t('reports:filters.label')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" verticalSpacing="xs">
          <Select
            label={t('reports:filters.structure')}
            placeholder={placeholder('reports:filters.structure_all')}
            data={nodes}
            value={filters.cve_estructura === null ? null : String(filters.cve_estructura)}
            onChange={(v) => onChange({ cve_estructura: v ? Number(v) : null })}
            searchable
            clearable
            limit={300}
            nothingFoundMessage={t('reports:filters.no_matches')}
            comboboxProps={{ withinPortal: true }}
            data-testid="filter-cve_estructura"
          />
          {idSelect('cve_planta', 'reports:filters.plant', 'reports:filters.plant_all', lists.cve_planta)}
          {idSelect('cve_puesto', 'reports:filters.position', 'reports:filters.position_all', lists.cve_puesto)}
          {idSelect('cve_tema', 'reports:filters.topic', 'reports:filters.topic_all', lists.cve_tema)}
          {idSelect('id_grupo', 'reports:filters.group', 'reports:filters.group_all', lists.id_grupo)}
          {idSelect('id_bloque', 'reports:filters.block', 'reports:filters.block_all', lists.id_bloque)}
          {listSelect('modalidad', 'reports:filters.modality', 'reports:filters.modality_all')}
          {listSelect('estado', 'reports:filters.state', 'reports:filters.state_all')}
          {listSelect('requerimiento', 'reports:filters.requirement', 'reports:filters.requirement_all')}
          {dateInput('fecha_inicial', 'reports:filters.from')}
          {dateInput('fecha_final', 'reports:filters.to', inverted ? t('reports:filters.range_error') : undefined)}
        </SimpleGrid>
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            disabled={chosen === 0}
            onClick={() => onChange(NO_FILTERS)}
          >
            {chosen === 0 ? t('reports:filters.clear_none') : t('reports:filters.clear', { count: chosen })}
          </Button>
          {actions}
        </Group>
        {options.error !== undefined && !o && (
          <Alert color="red" variant="light" role="alert" title={t('reports:filters.options_error')}>
            <Button size="xs" variant="white" color="red" onClick={() => void options.mutate()}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        )}
        {children && <Text component="div" size="sm">{children}</Text>}
      </Stack>
    </Paper>
  );
}
