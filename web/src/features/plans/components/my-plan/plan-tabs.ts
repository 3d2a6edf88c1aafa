/** The tabs of the plan screen, in order. */
export const PLAN_TABS = ['pendientes', 'completados', 'bloques', 'historial'] as const;
export type PlanTab = (typeof PLAN_TABS)[number];

/**
 * The tab the address asks for: `?bloque=` or `?bloques=1` (when blocks are enabled), `?historial=1`,
 * else `?location=` (pendientes | completados, any case), else pendientes.
 */
export function planTabFrom(params: URLSearchParams, withBlocks: boolean): PlanTab {
  if (withBlocks && (params.get('bloques') === '1' || params.has('bloque'))) return 'bloques';
  if (params.get('historial') === '1') return 'historial';
  return params.get('location')?.toLowerCase() === 'completados' ? 'completados' : 'pendientes';
}

/** The search parameters that open a tab. */
export function paramsForTab(tab: PlanTab): URLSearchParams {
  const p = new URLSearchParams();
  if (tab === 'bloques') p.set('bloques', '1');
  else if (tab === 'historial') p.set('historial', '1');
  else p.set('location', tab);
  return p;
}
