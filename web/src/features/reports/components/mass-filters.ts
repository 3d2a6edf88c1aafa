import type { DateRange } from '@/components/page-chrome';
import { validDay } from '@/components/forms/typed-date';
import type { FiltrosMasivo } from '../api/types';

/** The filters that choose one record of a catalogue (by its key). */
export const ID_FILTERS = ['cve_estructura', 'cve_planta', 'cve_puesto', 'cve_tema', 'id_grupo', 'id_bloque'] as const;
export type IdFilter = (typeof ID_FILTERS)[number];

/** The filters that choose one value of a fixed list, and the values the API takes. */
export const LIST_FILTERS = {
  modalidad: ['PRESENCIAL', 'E_LEARNING', 'STREAMING'],
  estado: ['Acreditado', 'No acreditado', 'Vencido', 'Pendiente'],
  requerimiento: ['obligatorio', 'opcional', 'no_requerido'],
} as const;
export type ListFilter = keyof typeof LIST_FILTERS;
export const LIST_FILTER_NAMES = Object.keys(LIST_FILTERS) as ListFilter[];

/**
 * The mass report's filters as the URL keeps them (so that a view can be shared or reloaded),
 * named as the API names them: `?cve_tema=4&estado=Vencido&fecha_inicial=2026-01-01`. The
 * dates bound the accreditation date; a missing filter is no filter.
 */
export type MassFilters = Record<IdFilter, number | null> &
  Record<ListFilter, string | null> & {
    fecha_inicial: string | null;
    fecha_final: string | null;
  };

export const NO_FILTERS: MassFilters = {
  cve_estructura: null,
  cve_planta: null,
  cve_puesto: null,
  cve_tema: null,
  id_grupo: null,
  id_bloque: null,
  modalidad: null,
  estado: null,
  requerimiento: null,
  fecha_inicial: null,
  fecha_final: null,
};

/** Every param the filters own in the URL. */
const PARAMS = Object.keys(NO_FILTERS) as (keyof MassFilters)[];

/** A positive whole number, else null (a key the URL mangled is no filter). */
function positiveId(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}

/** The filters of a URL's search params (values the API would refuse are left out). */
export function filtersFromParams(params: URLSearchParams): MassFilters {
  const filters: MassFilters = { ...NO_FILTERS };
  for (const key of ID_FILTERS) filters[key] = positiveId(params.get(key));
  for (const key of LIST_FILTER_NAMES) {
    const value = params.get(key);
    filters[key] = value !== null && (LIST_FILTERS[key] as readonly string[]).includes(value) ? value : null;
  }
  filters.fecha_inicial = validDay(params.get('fecha_inicial'));
  filters.fecha_final = validDay(params.get('fecha_final'));
  return filters;
}

/** `prev` with the filters written in (an empty one leaves its param out); other params stay. */
export function writeFilters(prev: URLSearchParams, filters: MassFilters): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const key of PARAMS) {
    const value = filters[key];
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** The engine's `filtersEXT`: only the filters chosen. */
export function toFiltersExt(filters: MassFilters): FiltrosMasivo {
  const out: FiltrosMasivo = {};
  for (const key of ID_FILTERS) {
    const value = filters[key];
    if (value !== null) out[key] = value;
  }
  for (const key of LIST_FILTER_NAMES) {
    const value = filters[key];
    if (value !== null) out[key] = value;
  }
  return out;
}

/** The accreditation-date range of the table (either end may be open), or none. */
export function dateRangeOf(filters: MassFilters): DateRange | null {
  if (!filters.fecha_inicial && !filters.fecha_final) return null;
  return { start: filters.fecha_inicial ?? '', end: filters.fecha_final ?? '' };
}

/** How many filters are chosen (the two dates count as one). */
export function activeCount(filters: MassFilters): number {
  const chosen = [...ID_FILTERS, ...LIST_FILTER_NAMES].filter((k) => filters[k] !== null).length;
  return chosen + (filters.fecha_inicial || filters.fecha_final ? 1 : 0);
}
