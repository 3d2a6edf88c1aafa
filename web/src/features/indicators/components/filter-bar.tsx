import { Alert, Button, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconBuildingFactory2, IconCalendar, IconHierarchy2 } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarAriaLabels } from '@/lib/i18n/calendar-labels';
import { useFilterOptions } from '../api/filter-options';
import type { Filtros } from '../api/types';
import { ExportButton } from './export-button';
import { parseTypedDate, toRequest, validDay, type FilterField, type IndicatorFilters } from './filters';
import { structureOrder } from './structure-options';

export interface FilterBarProps {
  filters: IndicatorFilters;
  onChange: (change: Partial<IndicatorFilters>) => void;
  /** The server's messages for the inputs (a 400's `fields`). */
  fieldErrors?: Partial<Record<FilterField, string>>;
  /** The indicator's URL, for 'Exportar a Excel'. */
  exportUrl: string;
  /** The export's file name when the server does not give one. */
  exportTitle: string;
  /** Something to show under the filters (the period the figures are of). */
  children?: ReactNode;
}

/** The width of a filter: the whole row on a phone. */
const FIELD_W = { base: '100%', sm: 260 } as const;
const DATE_W = { base: '100%', xs: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 160 } as const;

/**
 * The filters every indicator screen shares: structure node (any level, 'N3 · Nombre'), plant,
 * period and 'Solo obligatorios', and 'Exportar a Excel' for the same filters. The values live
 * in the URL (see useIndicatorFilters); the server's messages show under their inputs.
 */
export function FilterBar({ filters, onChange, fieldErrors = {}, exportUrl, exportTitle, children }: FilterBarProps) {
  const { t, i18n } = useTranslation(['indicators', 'common']);
  const calendarLabels = useCalendarAriaLabels();
  const options = useFilterOptions();
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;

  const nodes = useMemo(
    () =>
      structureOrder(options.data?.niveles ?? [], language).map((n) => ({
        value: n.value,
        label: t('indicators:filters.node', { nivel: n.nivel, nombre: n.nombre }),
      })),
    [options.data?.niveles, language, t],
  );
  const plants = useMemo(
    () =>
      [...(options.data?.plantas ?? [])]
        .sort((a, b) => a.nombre_planta.localeCompare(b.nombre_planta, language, { sensitivity: 'base' }))
        .map((p) => ({ value: String(p.cve_planta), label: p.nombre_planta })),
    [options.data?.plantas, language],
  );
  const request: Filtros = toRequest(filters);
  const id = (v: string | null) => (v ? Number(v) : null);
  // A date the URL does not give shows the server's default period.
  const desde = validDay(filters.desde) ?? (filters.desde ? null : validDay(options.data?.desde ?? null));
  const hasta = validDay(filters.hasta) ?? (filters.hasta ? null : validDay(options.data?.hasta ?? null));

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs" component="section" aria-label={t('indicators:filters.label')}>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label={t('indicators:filters.structure')}
            placeholder={options.isLoading ? t('common:loading') : t('indicators:filters.structure_all')}
            data={nodes}
            value={filters.cve_estructura === null ? null : String(filters.cve_estructura)}
            onChange={(v) => onChange({ cve_estructura: id(v) })}
            searchable
            clearable
            limit={300}
            nothingFoundMessage={t('indicators:filters.no_matches')}
            leftSection={<IconHierarchy2 size={16} aria-hidden />}
            error={fieldErrors.cve_estructura}
            w={FIELD_W}
            comboboxProps={{ withinPortal: true }}
            data-testid="filter-structure"
          />
          <Select
            label={t('indicators:filters.plant')}
            placeholder={options.isLoading ? t('common:loading') : t('indicators:filters.plant_all')}
            data={plants}
            value={filters.cve_planta === null ? null : String(filters.cve_planta)}
            onChange={(v) => onChange({ cve_planta: id(v) })}
            searchable
            clearable
            nothingFoundMessage={t('indicators:filters.no_matches')}
            leftSection={<IconBuildingFactory2 size={16} aria-hidden />}
            error={fieldErrors.cve_planta}
            w={FIELD_W}
            comboboxProps={{ withinPortal: true }}
            data-testid="filter-plant"
          />
          <DateInput
            label={t('indicators:filters.from')}
            value={desde}
            onChange={(v) => onChange({ desde: v ? String(v).slice(0, 10) : null })}
            dateParser={parseTypedDate}
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/aaaa"
            leftSection={<IconCalendar size={16} aria-hidden />}
            ariaLabels={calendarLabels}
            error={fieldErrors.desde}
            popoverProps={{ withinPortal: true }}
            w={DATE_W}
            data-testid="filter-from"
          />
          <DateInput
            label={t('indicators:filters.to')}
            value={hasta}
            onChange={(v) => onChange({ hasta: v ? String(v).slice(0, 10) : null })}
            dateParser={parseTypedDate}
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/aaaa"
            leftSection={<IconCalendar size={16} aria-hidden />}
            ariaLabels={calendarLabels}
            error={fieldErrors.hasta}
            popoverProps={{ withinPortal: true }}
            w={DATE_W}
            data-testid="filter-to"
          />
        </Group>
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Switch
            label={t('indicators:filters.mandatory_only')}
            checked={filters.solo_obligatorios}
            onChange={(e) => onChange({ solo_obligatorios: e.currentTarget.checked })}
          />
          <ExportButton url={exportUrl} filtros={request} fileTitle={exportTitle} onFailure={setExportFailure} />
        </Group>
        {options.error !== undefined && !options.data && (
          <Alert color="red" variant="light" role="alert" title={t('indicators:filters.options_error')}>
            <Button size="xs" variant="white" color="red" onClick={() => void options.mutate()}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        )}
        {exportFailure && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t('indicators:export.error')}
            withCloseButton
            closeButtonLabel={t('common:actions.close')}
            onClose={() => setExportFailure(null)}
          >
            {exportFailure}
          </Alert>
        )}
        {children && (
          <Text size="sm" c="dimmed">
            {children}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
