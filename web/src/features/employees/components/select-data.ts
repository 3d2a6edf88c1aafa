/** Mantine select data with string values. */
export type SelectData = { value: string; label: string }[];

/** Adds the current value when the list does not have it (an inactive node, a position moved away). */
export function withCurrent(data: SelectData, value: string | null, label: string | null | undefined): SelectData {
  if (!value || data.some((o) => o.value === value)) return data;
  return [...data, { value, label: label || `#${value}` }];
}
