/** Company settings arrive as 1/'1'/true or 0/'0'/false depending on the field's history. */
export function isOn(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    return v === '1' || v === 'true' || v === 'si' || v === 'sí';
  }
  return false;
}
