import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import useSWR from 'swr';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INSTRUCTOR_COURSES_KEY, myCertificatesKey } from '@/lib/api/shared/dashboard-part-keys';
import { planSummaryKey, plannedTopicsKey } from '@/lib/api/shared/plan-summary';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { resetRealtime, setSocketFactory, startRealtime } from '@/lib/socket';
import { fakeSocketFactory, type FakeSocket } from '@/test/fake-socket';
import { fakeJwt, renderWithProviders, setupI18n } from '@/test/utils';
import { DASHBOARD_CARDS_URL, rankingUrl } from '../api/dashboard-stats';
import { TASKS_URL } from '../api/dashboard-tasks';
import { touches, useLiveDashboard } from './use-live-dashboard';

const ME = 7;
const TOKEN = fakeJwt({ cve_empleado: ME, kind: 'sesion' });
/** A short gathering window, so the tests wait for real time. */
const DELAY = 80;

/** The dashboard's data, each key with a fetch counter. */
const KEYS = {
  tasks: [TASKS_URL, ME],
  cards: [DASHBOARD_CARDS_URL, ME, 8],
  ranking: [rankingUrl('Anio'), ME, 8],
  summary: planSummaryKey(ME),
  pending: plannedTopicsKey(ME, 'pendientes', ''),
  certificates: myCertificatesKey(ME),
  instructor: INSTRUCTOR_COURSES_KEY,
} as const;
type Part = keyof typeof KEYS;
const PARTS = Object.keys(KEYS) as Part[];

let fetches: Record<Part, number>;
let socket: FakeSocket;

function Probe({ part }: { part: Part }) {
  const { data } = useSWR(KEYS[part], () => {
    fetches[part] += 1;
    return Promise.resolve(fetches[part]);
  });
  return <span data-testid={part}>{data ?? '…'}</span>;
}

/** The live hook and every part; `certificates` can be taken off screen. */
function Dashboard() {
  useLiveDashboard(ME, DELAY);
  const [withCertificates, setWithCertificates] = useState(true);
  return (
    <>
      {PARTS.filter((p) => p !== 'certificates' || withCertificates).map((part) => (
        <Probe key={part} part={part} />
      ))}
      <button type="button" onClick={() => setWithCertificates(false)}>
        hide certificates
      </button>
    </>
  );
}

async function renderDashboard() {
  renderWithProviders(<Dashboard />);
  for (const part of PARTS) await waitFor(() => expect(screen.getByTestId(part)).toHaveTextContent('1'));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The parts fetched again since the first load. */
const refetched = () => PARTS.filter((part) => fetches[part] > 1);

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeAll(async () => {
  await setupI18n();
});

beforeEach(() => {
  fetches = { tasks: 0, cards: 0, ranking: 0, summary: 0, pending: 0, certificates: 0, instructor: 0 };
  resetRealtime();
  resetLogoutState();
  const sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
  setSession(TOKEN, { cve_empleado: ME, nombre_empleado: 'Luis', idperfil: 8 });
  startRealtime(TOKEN);
  socket = sockets.last();
  socket.acceptHandshake();
});

afterEach(() => {
  resetRealtime();
  setSocketFactory(null);
  setVisibility('visible');
});

describe('live dashboard (dashboard:cambio)', () => {
  it('asks for the tasks again, and nothing else, when the tasks changed', async () => {
    await renderDashboard();
    act(() => socket.serverEmit('dashboard:cambio', { que: ['tareas'] }));
    await waitFor(() => expect(fetches.tasks).toBe(2));
    await sleep(DELAY * 2);
    expect(refetched()).toEqual(['tasks']);
  });

  it('asks for the plan figures, the ranking, the admin cards and the tabs when results changed', async () => {
    await renderDashboard();
    act(() => socket.serverEmit('dashboard:cambio', { que: ['plan'] }));
    await waitFor(() => expect(refetched()).toEqual(['cards', 'ranking', 'summary', 'pending', 'certificates']));
    await sleep(DELAY * 2);
    expect(refetched()).toEqual(['cards', 'ranking', 'summary', 'pending', 'certificates']);
  });

  it('adds the courses one teaches when seats changed', async () => {
    await renderDashboard();
    act(() => socket.serverEmit('dashboard:cambio', { que: ['cursos', 'tareas'] }));
    await waitFor(() => expect(refetched()).toEqual(PARTS));
  });

  it('gathers a burst into one request per part, after the window', async () => {
    await renderDashboard();
    act(() => socket.serverEmit('dashboard:cambio', { que: ['tareas'] }));
    await sleep(DELAY / 4);
    act(() => socket.serverEmit('dashboard:cambio', { que: ['tareas'] }));
    act(() => socket.serverEmit('dashboard:cambio', { que: ['tareas', 'nada'] }));
    expect(fetches.tasks).toBe(1);
    await waitFor(() => expect(fetches.tasks).toBe(2));
    await sleep(DELAY * 2);
    expect(fetches.tasks).toBe(2);
  });

  it('does not ask for what is off screen', async () => {
    await renderDashboard();
    act(() => screen.getByRole('button', { name: 'hide certificates' }).click());
    act(() => socket.serverEmit('dashboard:cambio', { que: ['plan'] }));
    await waitFor(() => expect(fetches.summary).toBe(2));
    await sleep(DELAY * 2);
    expect(fetches.certificates).toBe(1);
  });

  it('waits while the browser tab is hidden and catches up when it shows', async () => {
    await renderDashboard();
    setVisibility('hidden');
    act(() => socket.serverEmit('dashboard:cambio', { que: ['tareas'] }));
    await sleep(DELAY * 3);
    expect(fetches.tasks).toBe(1);
    act(() => setVisibility('visible'));
    await waitFor(() => expect(fetches.tasks).toBe(2));
  });

  it('refreshes everything after a reconnect (changes may have been missed)', async () => {
    await renderDashboard();
    act(() => {
      socket.serverEmit('disconnect', 'transport close');
      socket.serverEmit('connect');
    });
    await waitFor(() => expect(refetched()).toEqual(PARTS));
  });
});

describe('which data a change touches', () => {
  it('keeps to one’s own keys for the personal lists and the tasks', () => {
    expect(touches('tareas', [TASKS_URL, ME], ME)).toBe(true);
    expect(touches('tareas', [TASKS_URL, 99], ME)).toBe(false);
    expect(touches('plan', plannedTopicsKey(ME, 'pendientes', ''), ME)).toBe(true);
    expect(touches('plan', plannedTopicsKey(ME, 'completados', ''), ME)).toBe(false);
    expect(touches('plan', planSummaryKey(99), ME)).toBe(false);
    expect(touches('plan', INSTRUCTOR_COURSES_KEY, ME)).toBe(false);
    expect(touches('cursos', INSTRUCTOR_COURSES_KEY, ME)).toBe(true);
    expect(touches('tareas', [DASHBOARD_CARDS_URL, ME, 1], ME)).toBe(false);
  });
});
