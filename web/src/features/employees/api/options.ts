/** A `{value, label}` item of the catalogue option calls (`…/opciones`). */
export interface OptionItem {
  value: number | string;
  label: string;
}

/** Mantine select data (string values) from option items. */
export function toSelectData(items: readonly OptionItem[] | undefined): { value: string; label: string }[] {
  return (items ?? []).map((o) => ({ value: String(o.value), label: o.label }));
}

/** Answers that are a list, or an object holding the list under `key`. */
export function listOf<T>(answer: unknown, key: string): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object') {
    const inner = (answer as Record<string, unknown>)[key];
    if (Array.isArray(inner)) return inner as T[];
  }
  return [];
}
