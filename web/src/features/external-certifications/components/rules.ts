import { addMonths, addYears, format, isMatch, parse } from 'date-fns';

/** The validity date that means "never expires" (spec §4: 0 certification months). */
export const NO_EXPIRY = '9999-12-31';
/** Spec §10: the default validity when no topic is chosen. */
export const DEFAULT_VALIDITY_YEARS = 2;
/** Uploads are size-checked at 8 MB (spec §5/§9): the DC-3 PDF and the spreadsheet alike. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Spec §7: the bulk rows are sent in batches of 100. */
export const BATCH_SIZE = 100;
/** Spec §5: the topic search starts above 3 characters. */
export const TOPIC_SEARCH_MIN_EXCLUSIVE = 3;
/** Spec §5: the CURP is typed in full. */
export const CURP_LENGTH = 18;
/** A rejection's reason: 1 to 500 characters. */
export const MOTIVO_MAX = 500;

/** The states of an external certification. */
export const ESTADOS = ['Enviado', 'Rechazado', 'Autorizado'] as const;
export type Estado = (typeof ESTADOS)[number];

/** The badge colour of each state. */
export const STATE_COLORS: Record<Estado, string> = {
  Enviado: 'blue',
  Rechazado: 'red',
  Autorizado: 'teal',
};

const DAY = 'yyyy-MM-dd';

/** A `YYYY-MM-DD` day as a local date, or null when it is not one. */
export function parseDay(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isMatch(value, DAY)) return null;
  return parse(value, DAY, new Date(2000, 0, 1));
}

/** Today as `YYYY-MM-DD` in the browser's time zone. */
export function today(now: Date = new Date()): string {
  return format(now, DAY);
}

/**
 * The read-only validity date (spec §4): the accreditation date plus the topic's
 * certification months (a day past the end of a shorter month falls on its last day);
 * `9999-12-31` for 0 months; 2 years after it when no topic is chosen (`meses` null).
 * '' while the accreditation date is not a date.
 */
export function validityDate(fecha: string, meses: number | null | undefined): string {
  const day = parseDay(fecha);
  if (!day) return '';
  if (meses === null || meses === undefined) return format(addYears(day, DEFAULT_VALIDITY_YEARS), DAY);
  if (meses <= 0) return NO_EXPIRY;
  return format(addMonths(day, meses), DAY);
}

/** Why an accreditation date cannot be sent, or null: missing, not a date, or after today. */
export function dateProblem(fecha: string, hoy: string): 'required' | 'invalid' | 'future' | null {
  if (!fecha) return 'required';
  if (!parseDay(fecha)) return 'invalid';
  return fecha > hoy ? 'future' : null;
}

/** A CURP as it is searched: trimmed, upper case. */
export function normalizeCurp(value: string): string {
  return value.trim().toUpperCase();
}

/** Whether a CURP is typed in full (the search runs only then). */
export function isFullCurp(value: string): boolean {
  return /^[A-Z0-9]{18}$/.test(normalizeCurp(value));
}

/** The term a topic search sends, or null below 4 characters (spec §5). */
export function topicTerm(value: string): string | null {
  const term = value.trim();
  return term.length > TOPIC_SEARCH_MIN_EXCLUSIVE ? term : null;
}

/** Why a DC-3 file cannot be uploaded, or null: PDF only (by type or name), at most 8 MB. */
export function pdfProblem(file: File): 'type' | 'size' | 'empty' | null {
  // The server sniffs the content too; here the type or the name is enough.
  const pdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!pdf) return 'type';
  if (file.size === 0) return 'empty';
  return file.size > MAX_FILE_BYTES ? 'size' : null;
}

/** The bulk file's extensions (spec §5). */
export const SHEET_EXTENSIONS = ['.xls', '.xlsx'] as const;
export const SHEET_ACCEPT = [
  ...SHEET_EXTENSIONS,
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

/** Why a bulk file cannot be uploaded, or null: .xls or .xlsx, not empty, at most 8 MB. */
export function sheetProblem(file: File): 'type' | 'size' | 'empty' | null {
  const name = file.name.toLowerCase();
  if (!SHEET_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'type';
  if (file.size === 0) return 'empty';
  return file.size > MAX_FILE_BYTES ? 'size' : null;
}

/** Whether the individual load may be processed (spec §4): an employee, a topic, a DC-3 and a valid date. */
export function canProcess(state: { employee: unknown; topic: unknown; file: File | null; dateOk: boolean }): boolean {
  return !!state.employee && !!state.topic && !!state.file && state.dateOk;
}

/** One batch of the bulk load: its rows and the index of its first row in the file. */
export interface Batch<T> {
  offset: number;
  rows: T[];
}

/** The rows in batches of `size`, in order. */
export function toBatches<T>(rows: readonly T[], size = BATCH_SIZE): Batch<T>[] {
  const out: Batch<T>[] = [];
  for (let offset = 0; offset < rows.length; offset += size) out.push({ offset, rows: rows.slice(offset, offset + size) });
  return out;
}

/** The spreadsheet row of a batch's row (1-based, after the header row). */
export function sheetRow(offset: number, indice: number): number {
  return offset + indice + 2;
}

/** A rejected row of the bulk load, named by its spreadsheet row. */
export interface LoadError {
  fila: number;
  curp: string;
  mensaje: string;
}

/** The log to copy: one line per rejected row. */
export function errorLog(errors: readonly LoadError[], line: (e: LoadError) => string): string {
  return errors.map(line).join('\n');
}

/** What a row of the log offers (spec §4) to a user who may or may not review. */
export function rowOffers(row: { link_dc3: string | null | undefined; estado: string }, canReview: boolean) {
  const hasDc3 = !!row.link_dc3;
  const pending = row.estado === 'Enviado';
  return {
    cargar: !hasDc3,
    consultar: hasDc3,
    cambiar: hasDc3 && row.estado !== 'Autorizado',
    autorizar: canReview && pending,
    rechazar: canReview && pending,
    /** Autorizar is shown but disabled: there is no DC-3 to back it. */
    autorizarSinDc3: canReview && pending && !hasDc3,
  };
}
