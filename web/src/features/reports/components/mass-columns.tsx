import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnMeta, DataTableColumn } from '@/components/data-table';
import { useFormat } from '@/lib/i18n/use-format';
import { useReportOptions } from '../api/report-options';
import type { MassRow, Opcion } from '../api/types';

/** The report's columns until the engine names them (the skeleton's headers). */
export const MASS_FIELDS = [
  'num_empleado',
  'nombre_empleado',
  'puesto',
  'planta',
  'n2',
  'n4',
  'abreviatura',
  'nombre_tema',
  'modalidad',
  'requerimiento',
  'curso',
  'estatus_inscripcion',
  'calificacion',
  'fecha_acreditacion',
  'vigencia',
  'estado',
] as const;

/** The badge colour of each state of a topic. */
const STATE_COLORS: Record<string, string> = {
  Acreditado: 'teal',
  'No acreditado': 'red',
  Vencido: 'orange',
  Pendiente: 'gray',
};

const DATE_FIELDS = new Set(['fecha_acreditacion', 'vigencia']);
const NUMBER_FIELDS = new Set(['calificacion']);

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The mass report's columns in the engine's order (`columns_with_selects`), headed in the UI's
 * language: dates in the language's format, the state as a badge, modality, requirement and
 * state with the server's labels (GET reportes/opciones).
 */
export function useMassColumns(meta: readonly ColumnMeta[]): DataTableColumn<MassRow>[] {
  const { t } = useTranslation('reports');
  const { formatDate } = useFormat();
  const { data: options } = useReportOptions();
  return useMemo(() => {
    const labelOf = (list: readonly Opcion[] | undefined, value: unknown) => {
      const raw = text(value);
      return list?.find((o) => o.value === raw)?.label ?? raw;
    };
    const fields = meta.length > 0 ? meta.map((m) => m.nomfield) : [...MASS_FIELDS];
    return fields.map((field): DataTableColumn<MassRow> => {
      const header = t(`reports:mass.columns.${field}`, { defaultValue: meta.find((m) => m.nomfield === field)?.column ?? field });
      if (field === 'estado') {
        const label = (r: MassRow) => labelOf(options?.estados, r.estado);
        return {
          field,
          header,
          cell: (r) =>
            r.estado ? (
              <Badge variant="light" color={STATE_COLORS[text(r.estado)] ?? 'gray'}>
                {label(r)}
              </Badge>
            ) : (
              '—'
            ),
          printValue: label,
          // The filter bar above filters the state, the modality and the requirement already.
          filterable: false,
        };
      }
      if (field === 'modalidad' || field === 'requerimiento') {
        const list = field === 'modalidad' ? options?.modalidades : options?.requerimientos;
        const label = (r: MassRow) => labelOf(list, r[field]);
        return { field, header, cell: (r) => label(r) || '—', printValue: label, filterable: false };
      }
      if (DATE_FIELDS.has(field)) {
        const date = (r: MassRow) => formatDate(text(r[field]), 'P');
        return { field, header, cell: (r) => date(r) || '—', printValue: date };
      }
      if (NUMBER_FIELDS.has(field)) return { field, header, align: 'right' };
      return { field, header };
    });
  }, [meta, t, formatDate, options]);
}
