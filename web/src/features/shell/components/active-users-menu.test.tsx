import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts, pendingAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import { resetRealtime, setSocketFactory, startRealtime } from '@/lib/socket';
import { mockFetch } from '@/test/fetch-mock';
import { fakeSocketFactory } from '@/test/fake-socket';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { canReleaseActive } from './active-users';
import { ActiveUsersMenu } from './active-users-menu';

const TOKEN = fakeJwt({ cve_empleado: 1, kind: 'sesion' });
const ADMIN: User = {
  cve_empleado: 1,
  nombre_empleado: 'Admin',
  idperfil: 1,
  secciones: ['usuarios.activos', 'usuarios.liberar_sesion'],
};
const SESSIONS_URL = `${PRI}/usuarios/sesiones/activas`;

let sockets: ReturnType<typeof fakeSocketFactory>;

beforeAll(async () => {
  await setupI18n('shell');
});

beforeEach(() => {
  resetRealtime();
  resetLogoutState();
  clearAlerts();
  sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
  setSession(TOKEN, ADMIN);
  startRealtime(TOKEN);
  sockets.last().acceptHandshake();
});

afterEach(() => {
  resetRealtime();
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

async function openList(user: ReturnType<typeof userEvent.setup>, count: number) {
  const button = await screen.findByRole('button', { name: `Usuarios activos: ${count}` });
  await user.click(button);
  return within(await screen.findByRole('list', { name: `Usuarios activos (${count})`, hidden: true }));
}

describe('active users dropdown', () => {
  it('lists the active sessions and refreshes on sessions:changed', async () => {
    let answer = [
      { clave: 1, nombre: 'Admin' },
      { clave: 10, nombre: 'Marta Ruiz' },
    ];
    const api = mockFetch({ [`GET ${SESSIONS_URL}`]: () => jsonResponse(answer) });
    const user = userEvent.setup();
    renderWithProviders(<ActiveUsersMenu user={ADMIN} />);
    const list = await openList(user, 2);
    expect(list.getByText('Marta Ruiz')).toBeInTheDocument();
    expect(list.getByText(/\(tú\)/)).toBeInTheDocument();

    answer = [...answer, { clave: 11, nombre: 'Pedro Soto' }];
    act(() => sockets.last().serverEmit('sessions:changed', {}));
    expect(await screen.findByText('Pedro Soto')).toBeInTheDocument();
    expect(api.callsTo('GET', SESSIONS_URL)).toHaveLength(2);
  });

  it("releases a session with 'Sesión liberada con exito!'", async () => {
    const api = mockFetch({
      [`GET ${SESSIONS_URL}`]: () => jsonResponse([{ clave: 1, nombre: 'Admin' }, { clave: 10, nombre: 'Marta Ruiz' }]),
      [`DELETE ${PRI}/usuarios/sesiones/eliminar/10/web`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveUsersMenu user={ADMIN} />);
    const list = await openList(user, 2);
    // Never one's own session.
    expect(list.getAllByRole('button', { name: /Liberar la sesión de/, hidden: true })).toHaveLength(1);
    await user.click(list.getByRole('button', { name: 'Liberar la sesión de Marta Ruiz', hidden: true }));
    const confirm = await screen.findByRole('dialog', { name: 'Liberar sesión' });
    await user.click(within(confirm).getByRole('button', { name: 'Liberar sesión' }));
    await waitFor(() => expect(pendingAlerts().map((a) => a.message)).toEqual(['Sesión liberada con exito!']));
    expect(api.callsTo('DELETE', `${PRI}/usuarios/sesiones/eliminar/10/web`)).toHaveLength(1);
  });

  it('says so when the release fails', async () => {
    mockFetch({
      [`GET ${SESSIONS_URL}`]: () => jsonResponse([{ clave: 10, nombre: 'Marta Ruiz' }]),
      [`DELETE ${PRI}/usuarios/sesiones/eliminar/10/web`]: () => jsonResponse({ code: 'interno.error' }, 500),
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveUsersMenu user={ADMIN} />);
    const list = await openList(user, 1);
    await user.click(list.getByRole('button', { name: 'Liberar la sesión de Marta Ruiz', hidden: true }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Liberar sesión' })).getByRole('button', { name: 'Liberar sesión' }));
    await waitFor(() =>
      expect(pendingAlerts().map((a) => a.message)).toEqual([
        'Hubo un problema para liberar la sesión, por favor contacta al proveedor.',
      ]),
    );
  });

  it("offers 'Liberar sesión' only with usuarios.liberar_sesion (Rep. Empresa: subordinates only)", () => {
    expect(canReleaseActive(ADMIN, { clave: 10 })).toBe(true);
    expect(canReleaseActive(ADMIN, { clave: 1 })).toBe(false);
    expect(canReleaseActive({ ...ADMIN, secciones: ['usuarios.activos'] }, { clave: 10 })).toBe(false);
    const rep = { ...ADMIN, idperfil: 6, subordinados: [{ cve_empleado: 10, nombre_empleado: 'Marta' }] };
    expect(canReleaseActive(rep, { clave: 10 })).toBe(true);
    expect(canReleaseActive(rep, { clave: 11 })).toBe(false);
  });
});
