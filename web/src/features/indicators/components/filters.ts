import { ApiError } from '@/lib/api/errors';
import type { Filtros } from '../api/types';

/**
 * The filters of an indicator screen as the URL keeps them (so that a view can be shared or
 * reloaded): `?cve_estructura=&cve_planta=&desde=&hasta=&solo_obligatorios=0`, named as the
 * API names them. Missing ones take the server's defaults (the whole scope, January 1st to
 * today, mandatory topics only).
 */
export interface IndicatorFilters {
  cve_estructura: number | null;
  cve_planta: number | null;
  /** AAAA-MM-DD as written in the URL (the server says when it is not a date). */
  desde: string | null;
  hasta: string | null;
  solo_obligatorios: boolean;
}

/** The inputs the server may name in a 400's `fields`. */
export const FILTER_FIELDS = ['cve_estructura', 'cve_planta', 'desde', 'hasta'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** A positive whole number, else null (a key the URL mangled is no filter). */
function positiveId(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}

const text = (value: string | null) => value?.trim() || null;

/** 'false', '0', 'no' turn the switch off; anything else (or nothing) keeps the default on. */
function flag(value: string | null): boolean {
  return !['0', 'false', 'no'].includes((value ?? '').trim().toLowerCase());
}

/** The filters of a URL's search params. */
export function filtersFromParams(params: URLSearchParams): IndicatorFilters {
  return {
    cve_estructura: positiveId(params.get('cve_estructura')),
    cve_planta: positiveId(params.get('cve_planta')),
    desde: text(params.get('desde')),
    hasta: text(params.get('hasta')),
    solo_obligatorios: flag(params.get('solo_obligatorios')),
  };
}

/** `prev` with the filters written in (a default leaves its param out); other params stay. */
export function writeFilters(prev: URLSearchParams, filters: IndicatorFilters): URLSearchParams {
  const next = new URLSearchParams(prev);
  const put = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  put('cve_estructura', filters.cve_estructura === null ? null : String(filters.cve_estructura));
  put('cve_planta', filters.cve_planta === null ? null : String(filters.cve_planta));
  put('desde', filters.desde);
  put('hasta', filters.hasta);
  put('solo_obligatorios', filters.solo_obligatorios ? null : '0');
  return next;
}

/** The request body: only the filters chosen (the server fills in the rest). */
export function toRequest(filters: IndicatorFilters): Filtros {
  const body: Filtros = { solo_obligatorios: filters.solo_obligatorios };
  if (filters.cve_estructura !== null) body.cve_estructura = filters.cve_estructura;
  if (filters.cve_planta !== null) body.cve_planta = filters.cve_planta;
  if (filters.desde) body.desde = filters.desde;
  if (filters.hasta) body.hasta = filters.hasta;
  return body;
}

/** A day the date input can show (AAAA-MM-DD of a real day), else null. */
export function validDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  return date.getUTCFullYear() === y && date.getUTCMonth() + 1 === m && date.getUTCDate() === d ? value : null;
}

/**
 * A date typed in a date input as the screen shows it (dd/mm/aaaa) or as the API writes it
 * (aaaa-mm-dd), as AAAA-MM-DD; null while it is not a whole, real day (so that typing
 * '01/03/2' is not taken for some day of 2002).
 */
export function parseTypedDate(input: string): string | null {
  const s = input.trim();
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  const iso = dmy ? `${dmy[3]}-${dmy[2]?.padStart(2, '0')}-${dmy[1]?.padStart(2, '0')}` : s;
  return validDay(iso);
}

/** The messages of a failed request that belong under the filters' inputs (400 `fields`). */
export function filterFieldErrors(fields: Record<string, string> | undefined): Partial<Record<FilterField, string>> {
  const out: Partial<Record<FilterField, string>> = {};
  for (const field of FILTER_FIELDS) {
    const message = fields?.[field];
    if (message) out[field] = message;
  }
  return out;
}

/** The messages of a failed request that go under the filters (a 400 naming them). */
export function fieldErrorsOf(error: unknown): Partial<Record<FilterField, string>> {
  return error instanceof ApiError && error.status === 400 ? filterFieldErrors(error.fields) : {};
}
