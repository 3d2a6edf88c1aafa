import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { AlertHost } from '@/components/alert-host/alert-host';
import { i18n, initI18n } from '@/lib/i18n';

/** Initialises i18next in Spanish with the given namespaces loaded. */
export async function setupI18n(...namespaces: string[]): Promise<void> {
  await initI18n('es');
  await i18n.changeLanguage('es');
  await i18n.loadNamespaces(['common', 'errors', ...namespaces]);
}

function Providers({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MantineProvider>
        <Notifications />
        <AlertHost />
        {children}
      </MantineProvider>
    </SWRConfig>
  );
}

/** Renders inside Mantine, a fresh SWR cache and the alert host. */
export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  return render(ui, { wrapper: Providers, ...options });
}

/** A JSON Response. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Builds an unsigned JWT with the given payload, padded past the 100-character threshold. */
export function fakeJwt(payload: Record<string, unknown>): string {
  const enc = (o: unknown) =>
    btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ ...payload, pad: 'x'.repeat(60) })}.${'s'.repeat(43)}`;
}
