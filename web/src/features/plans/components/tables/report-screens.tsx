import { Badge, Group, SegmentedControl, Text } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@/components/data-table';
import { defaultDateRange, useDateRange } from '@/components/page-chrome';
import { DATE_FORMAT } from '@/components/page-chrome';
import { addDays, format } from 'date-fns';
import {
  BLOCKS_HISTORY_URL,
  CONSOLIDATED_URL,
  EXPIRING_URL,
  GENERAL_HISTORY_URL,
  topicProgressUrl,
  type BlocksHistoryRow,
  type ExpiringRow,
  type GeneralHistoryRow,
  type PositionProgressRow,
  type TopicProgressRow,
} from '../../api/report-tables';
import { StateBadge } from '../my-plan/plan-badges';
import { PlanTableScreen } from './plan-table-screen';
import { useCells, useTopicCountColumns } from './cells';
import { ProgressLinks } from './progress-links';

/** /menu/historial_capacitacion_general: every ledger fact in scope, by date. */
export function GeneralHistoryScreen() {
  const { t } = useTranslation('plans');
  const c = useCells();
  const columns = useMemo<DataTableColumn<GeneralHistoryRow>[]>(
    () => [
      { field: 'num_empleado', header: t('plans:reports.fields.num_empleado'), width: 100 },
      { field: 'nombre_empleado', header: t('plans:reports.fields.nombre_empleado') },
      { field: 'nombre_tema', header: t('plans:fields.tema'), cell: (r) => c.topic(r.abreviatura, r.nombre_tema), printValue: (r) => c.topic(r.abreviatura, r.nombre_tema) },
      { field: 'fecha', header: t('plans:fields.fecha'), cell: (r) => c.date(r.fecha), printValue: (r) => c.date(r.fecha) },
      { field: 'estado', header: t('plans:fields.estado'), cell: (r) => <StateBadge estado={r.estado} />, printValue: (r) => c.state(r.estado) },
      { field: 'calificacion', header: t('plans:fields.calificacion'), align: 'right' },
      { field: 'origen', header: t('plans:fields.origen'), cell: (r) => c.origin(r.origen), printValue: (r) => c.origin(r.origen) },
      { field: 'vigencia', header: t('plans:fields.vigencia'), cell: (r) => c.validity(r.vigencia), printValue: (r) => c.validity(r.vigencia) },
      { field: 'puesto', header: t('plans:reports.fields.puesto') },
      { field: 'planta', header: t('plans:reports.fields.planta') },
    ],
    [t, c],
  );
  return (
    <PlanTableScreen<GeneralHistoryRow>
      url={GENERAL_HISTORY_URL}
      title={t('plans:reports.titles.general_history')}
      columns={columns}
      rowKey={(r) => `${r.num_empleado}-${r.abreviatura}-${r.fecha}-${r.origen}`}
      defaultSort={{ field: 'fecha', direction: 'desc' }}
      dateFilter
      emptyMessage={t('plans:reports.empty')}
    />
  );
}

/** /menu/historial_capacitacion_bloques: each employee's progress in each assigned block. */
export function BlocksHistoryScreen() {
  const { t } = useTranslation('plans');
  const c = useCells();
  const columns = useMemo<DataTableColumn<BlocksHistoryRow>[]>(
    () => [
      { field: 'num_empleado', header: t('plans:reports.fields.num_empleado'), width: 100 },
      { field: 'nombre_empleado', header: t('plans:reports.fields.nombre_empleado') },
      { field: 'nombre_bloque', header: t('plans:reports.fields.bloque') },
      { field: 'nombre_tipo_bloque', header: t('plans:reports.fields.tipo_bloque') },
      { field: 'total_temas', header: t('plans:reports.fields.temas'), align: 'right' },
      { field: 'acreditados', header: t('plans:reports.fields.acreditados'), align: 'right' },
      { field: 'porcentaje_avance', header: t('plans:reports.fields.avance'), align: 'right', cell: (r) => c.percent(r.porcentaje_avance), printValue: (r) => c.percent(r.porcentaje_avance) },
      {
        field: 'estatus',
        header: t('plans:fields.estado'),
        cell: (r) => (
          <Badge variant="light" color={r.estatus === '1' ? 'teal' : 'gray'}>
            {r.estatus === '1' ? t('plans:blocks.finished') : t('plans:reports.in_progress')}
          </Badge>
        ),
        printValue: (r) => (r.estatus === '1' ? t('plans:blocks.finished') : t('plans:reports.in_progress')),
      },
    ],
    [t, c],
  );
  return (
    <PlanTableScreen<BlocksHistoryRow>
      url={BLOCKS_HISTORY_URL}
      title={t('plans:reports.titles.blocks_history')}
      columns={columns}
      rowKey={(r) => `${r.num_empleado}-${r.nombre_bloque}`}
      defaultSort={{ field: 'nombre_empleado', direction: 'asc' }}
      emptyMessage={t('plans:reports.empty')}
    />
  );
}

/** …_avance_tema: per topic of the family, how many of those it reaches hold it. */
export function TopicProgressScreen({ program }: { program: 'institucional' | 'formacion' }) {
  const { t } = useTranslation('plans');
  const columns = useTopicCountColumns();
  return (
    <PlanTableScreen<TopicProgressRow>
      url={topicProgressUrl(program)}
      title={t('plans:reports.titles.topic_progress', { program: t(`plans:requirements.titles.${program}`) })}
      columns={columns}
      rowKey={(r) => r.cve_tema}
      defaultSort={{ field: 'nombre_tema', direction: 'asc' }}
      emptyMessage={t('plans:reports.empty')}
      header={<ProgressLinks program={program} />}
    />
  );
}

/** plan_formacion_avance_consolidado: per position. */
export function ConsolidatedProgressScreen() {
  const { t } = useTranslation('plans');
  const c = useCells();
  const columns = useMemo<DataTableColumn<PositionProgressRow>[]>(
    () => [
      { field: 'puesto', header: t('plans:reports.fields.puesto') },
      { field: 'estructura', header: t('plans:wizard.fields.estructura') },
      { field: 'empleados', header: t('plans:wizard.fields.empleados'), align: 'right' },
      { field: 'temas', header: t('plans:reports.fields.temas'), align: 'right' },
      { field: 'requeridos', header: t('plans:reports.fields.requeridos'), align: 'right' },
      { field: 'acreditados', header: t('plans:reports.fields.acreditados'), align: 'right' },
      { field: 'vencidos', header: t('plans:reports.fields.vencidos'), align: 'right' },
      { field: 'porcentaje', header: t('plans:reports.fields.porcentaje'), align: 'right', cell: (r) => c.percent(r.porcentaje), printValue: (r) => c.percent(r.porcentaje) },
    ],
    [t, c],
  );
  return (
    <PlanTableScreen<PositionProgressRow>
      url={CONSOLIDATED_URL}
      title={t('plans:reports.titles.consolidated')}
      columns={columns}
      rowKey={(r) => r.cve_puesto}
      defaultSort={{ field: 'puesto', direction: 'asc' }}
      emptyMessage={t('plans:reports.empty')}
      header={<ProgressLinks program="formacion" />}
    />
  );
}

const WINDOWS = ['todas', '30', '15', '1'] as const;

/** /menu/capacitaciones_proximas_vencer: accreditations whose validity ends in the range (default today..+30). */
export function ExpiringScreen() {
  const { t } = useTranslation('plans');
  const c = useCells();
  const [, setRange] = useDateRange();
  const [ventana, setVentana] = useState<(typeof WINDOWS)[number]>(() => {
    const v = new URLSearchParams(window.location.search).get('ventana');
    return (WINDOWS as readonly string[]).includes(v ?? '') ? (v as (typeof WINDOWS)[number]) : 'todas';
  });
  useEffect(() => {
    // Spec: this report looks ahead (today to +30 days) rather than the shell's default range.
    const today = new Date();
    setRange({ start: format(today, DATE_FORMAT), end: format(addDays(today, 30), DATE_FORMAT) });
    return () => setRange(defaultDateRange());
  }, [setRange]);
  const filtersEXT = useMemo(() => (ventana === 'todas' ? {} : { ventana: Number(ventana) }), [ventana]);
  const columns = useMemo<DataTableColumn<ExpiringRow>[]>(
    () => [
      { field: 'num_empleado', header: t('plans:reports.fields.num_empleado'), width: 100 },
      { field: 'nombre_empleado', header: t('plans:reports.fields.nombre_empleado') },
      { field: 'nombre_tema', header: t('plans:fields.tema'), cell: (r) => c.topic(r.abreviatura, r.nombre_tema), printValue: (r) => c.topic(r.abreviatura, r.nombre_tema) },
      { field: 'vigencia', header: t('plans:fields.vigencia'), cell: (r) => c.validity(r.vigencia), printValue: (r) => c.validity(r.vigencia) },
      { field: 'avisos', header: t('plans:reports.fields.avisos') },
      { field: 'fecha_acreditacion', header: t('plans:reports.fields.fecha_acreditacion'), cell: (r) => c.date(r.fecha_acreditacion), printValue: (r) => c.date(r.fecha_acreditacion) },
      { field: 'requerido_por_plan', header: t('plans:reports.fields.requerido_por_plan') },
      { field: 'puesto', header: t('plans:reports.fields.puesto') },
      { field: 'planta', header: t('plans:reports.fields.planta') },
      { field: 'supervisor', header: t('plans:reports.fields.supervisor') },
    ],
    [t, c],
  );
  return (
    <PlanTableScreen<ExpiringRow>
      url={EXPIRING_URL}
      title={t('plans:reports.titles.expiring')}
      columns={columns}
      rowKey={(r) => `${r.num_empleado}-${r.abreviatura}-${r.vigencia}`}
      defaultSort={{ field: 'vigencia', direction: 'asc' }}
      filtersEXT={filtersEXT}
      dateFilter
      emptyMessage={t('plans:reports.expiring_empty')}
      header={
        <Group gap="sm" wrap="wrap">
          <Text size="sm" id="expiring-window">
            {t('plans:reports.window')}
          </Text>
          <SegmentedControl
            aria-labelledby="expiring-window"
            value={ventana}
            onChange={(v) => setVentana(v as (typeof WINDOWS)[number])}
            data={WINDOWS.map((w) => ({ value: w, label: w === 'todas' ? t('plans:reports.windows.all') : t('plans:reports.windows.days', { count: Number(w) }) }))}
          />
        </Group>
      }
    />
  );
}
