import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** GET dashboard/cards: the figures within the caller's scope and the caller's own plan figures. */
export type Tarjetas = Schema<'Tarjetas'>;
/** One month of GET dashboard/modalidadxmes. */
export type ModalidadMes = Schema<'ModalidadMes'>;
/** One row of GET dashboard/ranking/{periodo}. */
export type FilaRanking = Schema<'FilaRanking'>;
/** One N2 area or state of getCapacitacionPorEstructura / getCapacitacionPorRegion. */
export type AvanceArea = Schema<'AvanceArea'>;

/** The ranking's periods as the server names them (spec §9: default Anio). */
export const RANKING_PERIODS = ['Mes', 'Dia', 'Semana', 'Anio'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
export const DEFAULT_RANKING_PERIOD: RankingPeriod = 'Anio';

const BASE = `${PRI}/dashboard`;
export const DASHBOARD_CARDS_URL = `${BASE}/cards`;
export const MODALITY_URL = `${BASE}/modalidadxmes`;
export const rankingUrl = (periodo: RankingPeriod) => `${BASE}/ranking/${periodo}`;
export const BY_STRUCTURE_URL = `${BASE}/getCapacitacionPorEstructura`;
export const BY_REGION_URL = `${BASE}/getCapacitacionPorRegion`;

/**
 * Who is asking: the figures depend on the person and the active profile (the server scopes
 * them: everyone, one's team or oneself), so both are part of every SWR key.
 */
export interface Viewer {
  cveEmpleado: number;
  idperfil: number | undefined;
}

const OPTIONS = { revalidateOnFocus: false } as const;

// Spec §8: a failure of the cards is silent (no dialog), the screen shows no figure.
const get = <T>(url: string) => apiRequest<T>(url, { errorDialog: false });

function useDashboard<T>(url: string | null, viewer: Viewer) {
  return useSWR<T>(url ? [url, viewer.cveEmpleado, viewer.idperfil ?? 0] : null, () => get<T>(url as string), OPTIONS);
}

/** GET dashboard/cards. */
export function useDashboardCards(viewer: Viewer) {
  return useDashboard<Tarjetas>(DASHBOARD_CARDS_URL, viewer);
}

/** GET dashboard/modalidadxmes: this year's courses by starting month and modality. */
export function useModalityByMonth(viewer: Viewer) {
  return useDashboard<ModalidadMes[]>(MODALITY_URL, viewer);
}

/** GET dashboard/ranking/{periodo}: the top five of the period (`[]` when nobody). */
export function useRanking(viewer: Viewer, periodo: RankingPeriod) {
  return useSWR<FilaRanking[]>([rankingUrl(periodo), viewer.cveEmpleado, viewer.idperfil ?? 0], () => get<FilaRanking[]>(rankingUrl(periodo)), {
    ...OPTIONS,
    // The previous period's rows stay (dimmed) while the new ones arrive.
    keepPreviousData: true,
  });
}

/** GET dashboard/getCapacitacionPorEstructura: compliance per N2 area. */
export function useProgressByStructure(viewer: Viewer) {
  return useDashboard<AvanceArea[]>(BY_STRUCTURE_URL, viewer);
}

/** GET dashboard/getCapacitacionPorRegion: compliance per state of the republic. */
export function useProgressByRegion(viewer: Viewer) {
  return useDashboard<AvanceArea[]>(BY_REGION_URL, viewer);
}
