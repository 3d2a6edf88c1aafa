import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { CHARTS_URL } from './paths';
import type { Filtros, Graficas } from './types';

/** SWR key of 'Gráficas' for some filters. */
export const chartsKey = (filtros: Filtros) => ['indicadores.graficas', JSON.stringify(filtros)] as const;

/** POST indicadores/graficas: the four charts' figures. */
export function fetchCharts(filtros: Filtros): Promise<Graficas> {
  return apiRequest<Graficas>(CHARTS_URL, { method: 'POST', body: filtros, errorDialog: false });
}

/** 'Gráficas' for the filters. */
export function useCharts(filtros: Filtros) {
  return useSWR<Graficas>(chartsKey(filtros), () => fetchCharts(filtros), { revalidateOnFocus: false });
}
