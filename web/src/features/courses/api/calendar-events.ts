import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';
import type { EventoCalendario } from './types';

/** The server answers at most 62 days per call. */
export const CALENDAR_MAX_DAYS = 62;

/** GET cursos/calendario?desde&hasta[&cve_tema] (company-local dates, inclusive). */
export function fetchCalendarEvents(desde: string, hasta: string, cveTema?: number | null): Promise<EventoCalendario[]> {
  return apiRequest<EventoCalendario[]>(`${CURSOS}/calendario`, { query: { desde, hasta, cve_tema: cveTema ?? undefined }, errorDialog: false });
}

/** The sessions of the visible range (optionally of one topic); `null` skips the request. */
export function useCalendarEvents(range: { desde: string; hasta: string } | null, cveTema?: number | null) {
  return useSWR<EventoCalendario[]>(
    range ? ['cursos.calendario', range.desde, range.hasta, cveTema ?? null] : null,
    () => fetchCalendarEvents((range as { desde: string }).desde, (range as { hasta: string }).hasta, cveTema),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}
