import type { Schema } from '../schema';

/** A `{value, label}` item of the catalogue option calls (`…/opciones`): structure nodes,
 * positions and plants (`OpcionOrg`) and training resources (`OpcionRecurso`), the same shape. */
export type OptionItem = Schema<'OpcionOrg'> | Schema<'OpcionRecurso'>;

/** Mantine select data (string values) from option items. */
export function toSelectData(items: readonly OptionItem[] | undefined): { value: string; label: string }[] {
  return (items ?? []).map((o) => ({ value: String(o.value), label: o.label }));
}
