import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { INSTRUCTOR_COURSES_KEY, myCertificatesKey, otherCertificatesKey } from '@/lib/api/shared/dashboard-part-keys';
import { planBlocksKey, planSummaryKey, plannedTopicsKey } from '@/lib/api/shared/plan-summary';
import { useRealtimeEvent, type DashboardChange } from '@/lib/socket';
import { BY_REGION_URL, BY_STRUCTURE_URL, DASHBOARD_CARDS_URL, MODALITY_URL, RANKING_PERIODS, rankingUrl } from '../api/dashboard-stats';
import { TASKS_URL } from '../api/dashboard-tasks';

/** How long a burst of changes is gathered before the dashboard asks again. */
export const LIVE_DEBOUNCE_MS = 1000;
/** The longest a steady stream of changes may hold the refresh back. */
const LIVE_MAX_WAIT_MS = 3000;

const CHANGES: readonly DashboardChange[] = ['plan', 'cursos', 'tareas'];
const isChange = (value: unknown): value is DashboardChange => CHANGES.includes(value as DashboardChange);

/** Whether an SWR key starts with these parts (keys are [url or name, cve, …]). */
function startsWith(key: unknown, prefix: readonly unknown[]): boolean {
  return Array.isArray(key) && prefix.every((part, i) => key[i] === part);
}

/** The scoped figures of the admin-style view and the ranking: [url, cve, perfil]. */
const SCOPED_URLS: readonly string[] = [DASHBOARD_CARDS_URL, MODALITY_URL, BY_STRUCTURE_URL, BY_REGION_URL, ...RANKING_PERIODS.map(rankingUrl)];

/**
 * Whether a change touches the data of this SWR key. 'plan' (results): the plan cards, the
 * ranking, the admin cards and charts, the pending, blocks and certificates tabs; 'cursos'
 * (seats): the same, whose course buttons and figures follow enrolments, plus the courses
 * one teaches; 'tareas': the tasks card.
 */
export function touches(change: DashboardChange, key: unknown, cve: number): boolean {
  if (change === 'tareas') return startsWith(key, [TASKS_URL, cve]);
  if (change === 'cursos' && key === INSTRUCTOR_COURSES_KEY) return true;
  return (
    (Array.isArray(key) && SCOPED_URLS.includes(key[0] as string)) ||
    startsWith(key, planSummaryKey(cve)) ||
    startsWith(key, planBlocksKey(cve, '').slice(0, 2)) ||
    startsWith(key, plannedTopicsKey(cve, 'pendientes', '').slice(0, 3)) ||
    startsWith(key, myCertificatesKey(cve)) ||
    startsWith(key, otherCertificatesKey(cve))
  );
}

/**
 * Keeps the dashboard live (`dashboard:cambio`): the changes of a burst are gathered for
 * `delay` and then the data they touch is asked again — only what is on screen, since SWR
 * refetches mounted keys alone (a hidden tab's list is fetched when it shows). While the
 * browser tab is hidden nothing is asked; it catches up when it shows again. A reconnect
 * refreshes everything, as changes may have been missed meanwhile.
 */
export function useLiveDashboard(cveEmpleado: number, delay = LIVE_DEBOUNCE_MS): void {
  const { mutate } = useSWRConfig();
  const pending = useRef(new Set<DashboardChange>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const firstAt = useRef(0);
  const waitingToShow = useRef(false);
  const flushRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !waitingToShow.current) return;
      waitingToShow.current = false;
      flushRef.current();
    };
    flushRef.current = () => {
      timer.current = undefined;
      if (pending.current.size === 0) return;
      if (document.visibilityState === 'hidden') {
        waitingToShow.current = true;
        return;
      }
      const changes = [...pending.current];
      pending.current.clear();
      void mutate((key) => changes.some((change) => touches(change, key, cveEmpleado)));
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      if (timer.current !== undefined) clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [mutate, cveEmpleado]);

  const gather = (changes: readonly unknown[]) => {
    const known = changes.filter(isChange);
    if (known.length === 0) return;
    const now = Date.now();
    if (pending.current.size === 0 && timer.current === undefined) firstAt.current = now;
    known.forEach((change) => pending.current.add(change));
    if (timer.current !== undefined) clearTimeout(timer.current);
    // Trailing, but never later than LIVE_MAX_WAIT_MS after the burst's first change.
    const wait = Math.max(0, Math.min(delay, firstAt.current + Math.max(delay, LIVE_MAX_WAIT_MS) - now));
    timer.current = setTimeout(() => flushRef.current(), wait);
  };

  useRealtimeEvent('dashboard:cambio', (payload) => {
    if (Array.isArray(payload?.que)) gather(payload.que);
  });

  useRealtimeEvent('realtime:connected', ({ reconnect }) => {
    if (reconnect) gather(CHANGES);
  });
}
