import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { CURSOS } from './paths';
import type { EventoCalendario } from './types';

/** The server answers at most 62 days per call. */
export const CALENDAR_MAX_DAYS = 62;

/** GET cursos/calendario?desde&hasta (company-local dates, inclusive). */
export function fetchCalendarEvents(desde: string, hasta: string): Promise<EventoCalendario[]> {
  return apiRequest<EventoCalendario[]>(`${CURSOS}/calendario`, { query: { desde, hasta }, errorDialog: false });
}

/** The sessions of the visible range; `null` skips the request. */
export function useCalendarEvents(range: { desde: string; hasta: string } | null) {
  return useSWR<EventoCalendario[]>(
    range ? ['cursos.calendario', range.desde, range.hasta] : null,
    () => fetchCalendarEvents((range as { desde: string }).desde, (range as { hasta: string }).hasta),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
}
