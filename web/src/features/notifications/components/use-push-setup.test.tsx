import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/auth/session';
import { resetPushState } from '@/lib/push/web-push';
import { fakeJwt, renderWithProviders, setupI18n } from '@/test/utils';
import { usePushSetup } from './use-push-setup';

type Listener = (event: MessageEvent) => void;

function installBrowser(register: () => Promise<unknown>) {
  const listeners = new Set<Listener>();
  const serviceWorker = {
    register: vi.fn(register),
    getRegistration: vi.fn(async () => undefined),
    addEventListener: vi.fn((_: string, l: Listener) => listeners.add(l)),
    removeEventListener: vi.fn((_: string, l: Listener) => listeners.delete(l)),
  };
  vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission: 'default', requestPermission: vi.fn() }));
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  resetPushState();
  return { serviceWorker, post: (data: unknown) => listeners.forEach((l) => l(new MessageEvent('message', { data }))) };
}

beforeAll(async () => {
  await setupI18n('notifications');
});

beforeEach(() => {
  setSession(fakeJwt({ cve_empleado: 5, kind: 'sesion', sid: String(Math.random()) }), { cve_empleado: 5, nombre_empleado: 'Luis' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  resetPushState();
});

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/menu/dashboard']}>{children}</MemoryRouter>;

describe('push setup in the shell', () => {
  it("shows 'Problemas para recibir notificaciones' when the service worker fails", async () => {
    installBrowser(async () => {
      throw new Error('SecurityError');
    });
    renderWithProviders(<></>);
    renderHook(() => usePushSetup(), { wrapper });
    await waitFor(() => expect(screen.getByText('Problemas para recibir notificaciones')).toBeInTheDocument());
  });

  it('follows a push click to its page (message from the service worker)', async () => {
    const browserApi = installBrowser(async () => ({ pushManager: { getSubscription: async () => null } }));
    const { result } = renderHook(
      () => {
        usePushSetup();
        return useLocation();
      },
      { wrapper },
    );
    await waitFor(() => expect(browserApi.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' }));
    act(() => browserApi.post({ type: 'aula:navigate', url: '/menu/notificaciones?id=7' }));
    expect(result.current.pathname).toBe('/menu/notificaciones');
    expect(result.current.search).toBe('?id=7');
    // Only in-app paths.
    act(() => browserApi.post({ type: 'aula:navigate', url: '//evil.example.com/x' }));
    expect(result.current.pathname).toBe('/menu/notificaciones');
  });
});
