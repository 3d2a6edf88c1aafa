/** Spec §5/§9: bulk uploads take .xls or .xlsx files under 8 MB. */
export const SPREADSHEET_EXTENSIONS = ['.xls', '.xlsx'] as const;
export const SPREADSHEET_MAX_BYTES = 8 * 1024 * 1024;
export const SPREADSHEET_ACCEPT = [
  ...SPREADSHEET_EXTENSIONS,
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** Why a file cannot be uploaded, or null when it can (the server still reads it to be sure). */
export function spreadsheetProblem(file: File): 'type' | 'size' | 'empty' | null {
  const name = file.name.toLowerCase();
  if (!SPREADSHEET_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > SPREADSHEET_MAX_BYTES) return 'size';
  return null;
}
