import type { TFunction } from 'i18next';
import type { DataTableColumn } from '@/components/data-table';
import type { AvanceScormFila } from '../api/types';
import { StatusBadge } from './status-badge';
import { statusLabelKey } from './status-rules';

export interface Formatters {
  formatDate: (value: string, pattern?: string) => string;
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string;
}

/** The columns of the progress table, in the contract's order (`id_intento` is the row key). */
export function progressColumns(t: TFunction, { formatDate, formatNumber }: Formatters): DataTableColumn<AvanceScormFila>[] {
  const date = (value: string | null) => (value ? formatDate(value, 'Pp') : '—');
  const header = (field: string) => t(`scorm:progress.columns.${field}`);
  return [
    { field: 'num_empleado', header: header('num_empleado') },
    { field: 'participante', header: header('participante') },
    { field: 'tema', header: header('tema') },
    { field: 'version', header: header('version'), cell: (r) => `SCORM ${r.version}`, printValue: (r) => `SCORM ${r.version}` },
    { field: 'intento', header: header('intento'), align: 'right' },
    { field: 'intentos_usados', header: header('intentos_usados'), align: 'right' },
    {
      field: 'estado',
      header: header('estado'),
      cell: (r) => <StatusBadge estado={r.estado} />,
      printValue: (r) => {
        const key = statusLabelKey(r.estado);
        return key ? t(key) : String(r.estado);
      },
    },
    {
      field: 'calificacion',
      header: header('calificacion'),
      align: 'right',
      cell: (r) => (r.calificacion == null ? '—' : formatNumber(r.calificacion, { maximumFractionDigits: 1 })),
      printValue: (r) => (r.calificacion == null ? '' : formatNumber(r.calificacion, { maximumFractionDigits: 1 })),
    },
    { field: 'tiempo_total', header: header('tiempo_total'), align: 'right', cell: (r) => r.tiempo_total || '—' },
    { field: 'iniciado', header: header('iniciado'), cell: (r) => date(r.iniciado), printValue: (r) => date(r.iniciado) },
    { field: 'ultimo_acceso', header: header('ultimo_acceso'), cell: (r) => date(r.ultimo_acceso), printValue: (r) => date(r.ultimo_acceso) },
  ];
}
