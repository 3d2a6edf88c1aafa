import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { useCia } from '@/lib/company/get-cia';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { SettingsScreen } from './settings-screen';

const CIA = `${PRI}/cia`;

/** The administrator's view of the configuration, as the server answers it. */
function stored(overrides: Record<string, unknown> = {}) {
  return {
    nomcia: 'Grupo Industrial Sierra Madre',
    moneda: 'PESOS',
    tipo_cambio: 18.5,
    zona_horaria: 'America/Mexico_City',
    ubicacion: 'Monterrey',
    jitsi_servidor: '',
    teams_tenant_id: 'tenant-1',
    teams_client_id: 'client-1',
    teams_organizador: 'capacitacion@sierramadre.mx',
    teams_client_secret_configurado: true,
    recertificacion_automatica: '0',
    epv: '0',
    color_fondo_header: '#0B3D91',
    color_texto_header: '#FFFFFF',
    color_fondo_logo: '#FFFFFF',
    color_fondo_menu: '#F4F6FA',
    color_texto_menu: '#1F2937',
    color_1_grafica: '#0B3D91',
    color_2_grafica: '#2CA58D',
    color_3_grafica: '#F2A541',
    apikey_clima_configurado: false,
    estados: [],
    demo: false,
    ...overrides,
  };
}

/** A fake server holding one configuration: GET answers it, PUT merges the patch. */
function serve(initial = stored(), put?: (call: RecordedCall) => Response) {
  let current: Record<string, unknown> = initial;
  return mockFetch({
    [`GET ${CIA}`]: () => jsonResponse(current),
    [`PUT ${CIA}`]: (call) => {
      if (put) return put(call);
      const { teams_client_secret: secret, ...patch } = call.body as Record<string, unknown>;
      current = { ...current, ...patch, teams_client_secret_configurado: !!secret || current.teams_client_secret_configurado };
      return jsonResponse(current);
    },
  });
}

/** What the rest of the app reads: the shared company configuration. */
function SharedCompanyName() {
  const { data } = useCia();
  return <p data-testid="shared">{data?.nomcia ?? ''}</p>;
}

function renderScreen() {
  return renderWithProviders(
    <>
      <SharedCompanyName />
      <SettingsScreen />
    </>,
  );
}

const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name });

beforeAll(async () => {
  await setupI18n('settings');
});
beforeEach(() => {
  clearAlerts();
  // Toasts live outside the rendered tree: one test's must not show in the next.
  notifications.clean();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Admin', idperfil: 1, secciones: ['configuracion.sitio'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('company settings screen', () => {
  it('opens with the stored values in their sections', async () => {
    serve();
    renderScreen();
    const company = await screen.findByRole('region', { name: 'Empresa' });
    expect(within(company).getByRole('textbox', { name: /Nombre de la empresa/ })).toHaveValue('Grupo Industrial Sierra Madre');
    expect(within(company).getByRole('textbox', { name: /Ubicación/ })).toHaveValue('Monterrey');
    expect(within(company).getByRole('textbox', { name: /Tipo de cambio/ })).toHaveValue('18.5');
    expect(within(company).getByDisplayValue('Pesos mexicanos (MXN)')).toBeInTheDocument();
    expect(within(company).getByDisplayValue(/^America\/Mexico City/)).toBeInTheDocument();

    const courses = screen.getByRole('region', { name: 'Cursos y reuniones' });
    expect(within(courses).getByRole('textbox', { name: /Organizador/ })).toHaveValue('capacitacion@sierramadre.mx');
    expect(within(courses).getByRole('switch', { name: /Inscribir automáticamente en el siguiente curso/ })).not.toBeChecked();
    expect(within(courses).getByRole('switch', { name: /Cursos EPV/ })).not.toBeChecked();
    expect(screen.getByRole('region', { name: 'Apariencia' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Fondo del encabezado' })).toHaveValue('#0B3D91');
  });

  it('never shows the Teams secret: the field starts empty and says whether one is stored', async () => {
    serve();
    renderScreen();
    const secret = await screen.findByLabelText('Secreto de cliente de Microsoft Teams');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('placeholder', 'Guardado');
    expect(screen.getByText(/Hay un secreto guardado/)).toBeInTheDocument();
  });

  it('says so when no secret is stored', async () => {
    serve(stored({ teams_client_secret_configurado: false }));
    renderScreen();
    expect(await screen.findByText('No hay un secreto guardado')).toBeInTheDocument();
    expect(screen.getByLabelText('Secreto de cliente de Microsoft Teams')).not.toHaveAttribute('placeholder');
  });

  it('saves only what changed, refreshes the shared configuration and confirms', async () => {
    const api = serve(stored({ teams_client_secret_configurado: false }));
    renderScreen();
    const name = await screen.findByRole('textbox', { name: /Nombre de la empresa/ });
    await waitFor(() => expect(screen.getByTestId('shared')).toHaveTextContent('Grupo Industrial Sierra Madre'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Sierra Madre Norte ');
    await userEvent.type(textbox(/Servidor de Jitsi Meet/), 'https://meet.sierramadre.mx');
    await userEvent.type(screen.getByLabelText('Secreto de cliente de Microsoft Teams'), 'S3creto-Entra');
    await userEvent.click(screen.getByRole('switch', { name: /Inscribir automáticamente/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByText('La configuración se guardó')).toBeInTheDocument();
    expect(api.callsTo('PUT', CIA).map((c) => c.body)).toEqual([
      {
        nomcia: 'Sierra Madre Norte',
        jitsi_servidor: 'https://meet.sierramadre.mx',
        recertificacion_automatica: '1',
        teams_client_secret: 'S3creto-Entra',
      },
    ]);
    // The typed secret leaves the page; the field now says one is stored.
    const secret = screen.getByLabelText('Secreto de cliente de Microsoft Teams');
    expect(secret).toHaveValue('');
    expect(screen.getByText(/Hay un secreto guardado/)).toBeInTheDocument();
    expect(screen.getByTestId('shared')).toHaveTextContent('Sierra Madre Norte');

    // Saving again without changes sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.callsTo('PUT', CIA)).toHaveLength(1);
  });

  it("shows the server's validation message next to its field", async () => {
    const api = serve(stored(), () =>
      jsonResponse(
        { resp: 'Revisa los datos capturados', code: 'validacion.datos', fields: { teams_organizador: 'El organizador no existe en el directorio' } },
        400,
      ),
    );
    renderScreen();
    const organiser = await screen.findByRole('textbox', { name: /Organizador/ });
    await userEvent.clear(organiser);
    await userEvent.type(organiser, 'nadie@sierramadre.mx');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El organizador no existe en el directorio')).toBeInTheDocument();
    expect(organiser).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', CIA)[0]?.body).toEqual({ teams_organizador: 'nadie@sierramadre.mx' });
    expect(screen.queryByText('La configuración se guardó')).not.toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    const api = serve();
    renderScreen();
    await userEvent.type(await screen.findByRole('textbox', { name: /Servidor de Jitsi Meet/ }), 'meet.sierramadre.mx');
    const headerText = screen.getByRole('textbox', { name: 'Texto del encabezado' });
    await userEvent.clear(headerText);
    await userEvent.type(headerText, '#1A4A9A');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Escribe una dirección http(s) válida')).toBeInTheDocument();
    expect(api.callsTo('PUT', CIA)).toHaveLength(0);
    await userEvent.clear(textbox(/Servidor de Jitsi Meet/));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(/Poco contraste con el fondo/)).toBeInTheDocument();
    expect(api.callsTo('PUT', CIA)).toHaveLength(0);
  });

  it('offers a retry when the configuration cannot be read', async () => {
    let fail = true;
    mockFetch({
      [`GET ${CIA}`]: () => (fail ? jsonResponse({ resp: 'Falló', code: 'interno.error' }, 500) : jsonResponse(stored())),
    });
    renderScreen();
    expect(await screen.findByText('Problemas para consultar la configuración')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('textbox', { name: /Nombre de la empresa/ })).toHaveValue('Grupo Industrial Sierra Madre');
  });
});
