import type { TFunction } from 'i18next';
import type { RequirementRow } from '../../api/requirements-table';

/** "ABR · Tema", or the block's name for a block assignment. */
export function requirementLabel(row: Pick<RequirementRow, 'abreviatura' | 'nombre_tema' | 'nombre_bloque'>): string {
  if (row.nombre_bloque) return row.nombre_bloque;
  const name = row.nombre_tema ?? '';
  return row.abreviatura ? `${row.abreviatura} · ${name}` : name;
}

/** "Puesto: Operador", "Estructura N4: Planta Norte"… */
export function destinationLabel(t: TFunction, row: Pick<RequirementRow, 'destino_tipo' | 'destino_nivel' | 'destino_nombre'>): string {
  const kind = t(`plans:destinations.${row.destino_tipo}`, { defaultValue: row.destino_tipo, nivel: row.destino_nivel ?? '' });
  return row.destino_nombre ? `${kind}: ${row.destino_nombre}` : kind;
}

/** "Se creó 1 requerimiento; alcanza a 12 empleados": each number with its own plural. */
export function doneMessage(t: TFunction, answer: { requerimientos?: unknown[] | null; empleados_alcanzados?: number | null } | null | undefined): string {
  const employees = t('plans:wizard.employees', { count: answer?.empleados_alcanzados ?? 0 });
  return t('plans:wizard.done', { count: answer?.requerimientos?.length ?? 0, employees });
}
