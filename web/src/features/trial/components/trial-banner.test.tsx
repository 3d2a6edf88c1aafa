import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { TrialBanner } from './trial-banner';
import { trialDaysLeft } from './trial-days';

beforeAll(async () => {
  await setupI18n('trial');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 9, kind: 'sesion' }), { cve_empleado: 9, nombre_empleado: 'Eva' });
});
afterEach(() => vi.unstubAllGlobals());

describe('trial', () => {
  it('shows 30 minus the days value while the trial is on', () => {
    expect(trialDaysLeft({ trial: true, dias: 12 })).toBe(18);
    expect(trialDaysLeft({ trial: 1, dias: '40' })).toBe(0);
    expect(trialDaysLeft({ trial: false, dias: 3 })).toBeNull();
  });

  it('renders the banner and sends the upgrade request once the e-mail looks right', async () => {
    const api = mockFetch({
      [`GET ${PRI}/dashboard/trial`]: () => jsonResponse({ res: 'Excelente', trial: true, dias: 5 }),
      [`POST ${PRI}/contratarLMSEDK`]: () => jsonResponse({ res: 'Excelente' }),
    });
    renderWithProviders(<TrialBanner />);
    expect(await screen.findByText('Versión de prueba: te quedan 25 días')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar versión completa' }));
    const email = await screen.findByRole('textbox', { name: /Correo de contacto/ });
    const send = screen.getByRole('button', { name: 'Enviar' });
    await userEvent.type(email, 'compras@acme');
    expect(send).toBeDisabled();
    await userEvent.type(email, '.mx');
    expect(send).toBeEnabled();
    await userEvent.click(send);
    expect(await screen.findByText('Solicitud enviada, pronto recibirás respuesta :)')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/contratarLMSEDK`)[0]?.body).toEqual({ correo_cliente: 'compras@acme.mx' });
  });

  it('reports a failed upgrade request with the spec message', async () => {
    mockFetch({
      [`GET ${PRI}/dashboard/trial`]: () => jsonResponse({ res: 'Excelente', trial: true, dias: 1 }),
      [`POST ${PRI}/contratarLMSEDK`]: () => jsonResponse({ resp: 'fallo' }, 500),
    });
    renderWithProviders(<TrialBanner email="eva@acme.mx" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Solicitar versión completa' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Error solicitando mejora, ponte en contacto con tu proveedor')).toBeInTheDocument();
  });

  it('tells the user when the trial check fails', async () => {
    mockFetch({ [`GET ${PRI}/dashboard/trial`]: () => jsonResponse({ resp: 'x' }, 500) });
    renderWithProviders(<TrialBanner />);
    await waitFor(() =>
      expect(
        screen.getByText(
          'Error consultando la informacion del estado de la version de prueba, ponte en contacto con tu proveedor',
        ),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByText(/Versión de prueba:/)).not.toBeInTheDocument();
  });
});
