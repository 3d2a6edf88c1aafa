/** The attempt states the server reports, with their badge colour. */
export const STATUS_COLORS: Record<string, string> = {
  incomplete: 'blue',
  completed: 'teal',
  passed: 'green',
  failed: 'red',
  'not attempted': 'gray',
};

/** The translated label's key of an attempt state; null for a state we do not know (shown as sent). */
export function statusLabelKey(estado: string): string | null {
  return Object.hasOwn(STATUS_COLORS, estado) ? `scorm:status.${estado}` : null;
}
