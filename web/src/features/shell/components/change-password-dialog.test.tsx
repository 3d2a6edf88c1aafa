import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI, PUB } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { browser } from '@/lib/browser';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { ChangePasswordDialog } from './change-password-dialog';

beforeAll(async () => {
  await setupI18n('shell');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 3, kind: 'sesion' }), { cve_empleado: 3, num_empleado: '1003', nombre_empleado: 'Raúl' });
  vi.spyOn(browser, 'reloadTo').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('ChangePasswordDialog', () => {
  it("needs the current password and every rule, then says 'Usuario actualizado' and logs out 1.5 s later", async () => {
    const api = mockFetch({
      [`POST ${PRI}/usuarios/cambiarContrasena`]: () => jsonResponse({ resp: 'Excelente' }),
      [`DELETE ${PRI}/usuarios/sesiones/eliminar/3/web`]: () => jsonResponse({ resp: 'Excelente' }),
      [`GET ${PUB}/token/generico`]: () => jsonResponse({ token: fakeJwt({ cve_empleado: 0, kind: 'generico' }) }),
    });
    renderWithProviders(<ChangePasswordDialog opened onClose={() => undefined} employeeNumber="1003" />);
    const send = await screen.findByRole('button', { name: 'Enviar' });
    await userEvent.type(screen.getByLabelText(/^Nueva contraseña/), 'Otra#2025z');
    await userEvent.type(screen.getByLabelText(/^Repite la nueva contraseña/), 'Otra#2025z');
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Contraseña actual/), 'Vieja#2024');
    expect(send).toBeEnabled();
    await userEvent.click(send);
    expect(await screen.findByText('Usuario actualizado')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/usuarios/cambiarContrasena`)[0]?.body).toEqual({
      pass: 'Vieja#2024',
      newPass: 'Otra#2025z',
    });
    expect(browser.reloadTo).not.toHaveBeenCalled();
    await waitFor(() => expect(browser.reloadTo).toHaveBeenCalledWith('/login'), { timeout: 3000 });
  });
});
