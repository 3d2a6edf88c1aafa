import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider, usePageChromeShape } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { filterOccupations } from './occupations-filter';
import { signersFor } from './signers';
import { StpsScreen } from './stps-screen';

const CAT = `${PRI}/catalogos`;
const TABLE = (result: unknown[]) =>
  jsonResponse({ result, pages: { pages: 1, ultima_page: 1, cantidad_registros: result.length }, columns_with_selects: [] });

const OCCUPATIONS = [
  {
    clave: '06',
    nombre: 'Construcción',
    subareas: [
      { clave: '06.1', nombre: 'Obra civil' },
      { clave: '06.2', nombre: 'Instalación y mantenimiento' },
    ],
  },
  { clave: '09', nombre: 'Servicios', subareas: [{ clave: '09.4', nombre: 'Protección de bienes y/o personas' }] },
];

const COMPANIES = [
  { cve_n4: 4, nombre: 'ACME', razon_social: 'ACME SA de CV', rfc: 'ACM010101AB1', registro_patronal: 'Y5412345101', num_trabajadores: 20, firmantes: ['patron'] },
  { cve_n4: 5, nombre: 'Beta', razon_social: null, rfc: null, registro_patronal: null, num_trabajadores: 120, firmantes: ['patron', 'trabajadores'] },
];

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`GET ${CAT}/areas_tematicas`]: () =>
      jsonResponse([
        { cve_area: 1000, nombre: 'Producción general', activo: 1 },
        { cve_area: 6000, nombre: 'Seguridad', activo: 1 },
      ]),
    [`GET ${CAT}/ocupaciones`]: () => jsonResponse(OCCUPATIONS),
    [`GET ${CAT}/datos_stps/empresas`]: () => jsonResponse(COMPANIES),
    [`GET ${CAT}/estados`]: () => jsonResponse([{ cve_estado: 19, estado: 'Nuevo León' }, { cve_estado: 9, estado: 'Ciudad de México' }]),
    ...extra,
  });
}

/** Stands in for the shell's action bar. */
function ActionBar() {
  const { shape, handlers } = usePageChromeShape();
  return (
    <div>
      {shape.create && (
        <button type="button" onClick={() => void handlers.current.onNew?.()}>
          {shape.newLabel}
        </button>
      )}
      {shape.update && (
        <button type="button" onClick={() => void handlers.current.onUpdate?.()}>
          Actualizar
        </button>
      )}
    </div>
  );
}

function renderScreen() {
  return renderWithProviders(
    <PageChromeProvider>
      <ActionBar />
      <StpsScreen />
    </PageChromeProvider>,
  );
}

beforeAll(async () => {
  await setupI18n('stps');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), {
    cve_empleado: 1,
    nombre_empleado: 'Admin',
    idperfil: 1,
    secciones: ['catalogos.datos_stps'],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('DC-3 signers', () => {
  it('are the employer alone under 51 workers and both representatives from 51 on', () => {
    expect(signersFor(50)).toEqual(['patron']);
    expect(signersFor(51)).toEqual(['patron', 'trabajadores']);
    expect(signersFor(null)).toEqual(['patron']);
  });
});

describe('occupation search', () => {
  it('keeps a matching area whole and otherwise only the matching sub-areas, ignoring accents and case', () => {
    expect(filterOccupations(OCCUPATIONS, 'construccion').map((a) => a.subareas.length)).toEqual([2]);
    expect(filterOccupations(OCCUPATIONS, 'PROTECCION')).toEqual([
      { clave: '09', nombre: 'Servicios', subareas: [{ clave: '09.4', nombre: 'Protección de bienes y/o personas' }] },
    ]);
    expect(filterOccupations(OCCUPATIONS, '06.2')[0]?.subareas.map((s) => s.clave)).toEqual(['06.2']);
    expect(filterOccupations(OCCUPATIONS, '')).toBe(OCCUPATIONS);
  });
});

describe('STPS data screen', () => {
  it('lists the thematic areas and the occupations grouped by area, read-only, with a search', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen();
    const areas = await screen.findByRole('table', { name: 'Áreas temáticas' });
    expect(within(areas).getByText('Producción general')).toBeInTheDocument();
    expect(within(areas).getByText('6000')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Nuevo/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Ocupaciones' }));
    expect(await screen.findByRole('button', { name: /Construcción/ })).toBeInTheDocument();
    expect(screen.getByText('2 subáreas')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Buscar ocupación' }), 'bienes');
    expect(await screen.findByRole('table', { name: 'Subáreas de Servicios' })).toHaveTextContent('09.4');
    expect(screen.queryByRole('button', { name: /Construcción/ })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Buscar ocupación' }));
    await user.type(screen.getByRole('textbox', { name: 'Buscar ocupación' }), 'zzz');
    expect(await screen.findByText('Ninguna ocupación coincide con la búsqueda')).toBeInTheDocument();
  });

  it('shows who signs each company DC-3 and updates the signers while the workers are edited', async () => {
    const api = serve({
      [`PUT ${CAT}/datos_stps/empresas/4`]: () => jsonResponse({ ...COMPANIES[0], num_trabajadores: 60, firmantes: ['patron', 'trabajadores'] }),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Empresas' }));
    const table = await screen.findByRole('table', { name: 'Empresas' });
    const [, acme, beta] = within(table).getAllByRole('row');
    expect(within(acme as HTMLElement).getByText('Patrón o representante legal')).toBeInTheDocument();
    expect(within(acme as HTMLElement).queryByText('Representante de los trabajadores')).not.toBeInTheDocument();
    expect(within(beta as HTMLElement).getByText('Representante de los trabajadores')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar ACME' }));
    const dialog = await screen.findByRole('dialog', { name: 'Datos STPS de ACME' });
    const signers = within(dialog).getByTestId('dc3-signers');
    expect(signers).toHaveTextContent('Con menos de 51 trabajadores firma solo el patrón o representante legal.');
    const workers = within(dialog).getByRole('textbox', { name: /^Número de trabajadores/ });
    await user.clear(workers);
    await user.type(workers, '60');
    expect(signers).toHaveTextContent('Representante de los trabajadores');
    expect(signers).toHaveTextContent('Con 51 trabajadores o más firman');

    const rfc = within(dialog).getByRole('textbox', { name: /^RFC/ });
    await user.clear(rfc);
    await user.type(rfc, 'acm010101ab1');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('PUT', `${CAT}/datos_stps/empresas/4`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${CAT}/datos_stps/empresas/4`)[0]?.body).toEqual({
      razon_social: 'ACME SA de CV',
      rfc: 'ACM010101AB1',
      registro_patronal: 'Y5412345101',
      num_trabajadores: 60,
    });
    await waitFor(() => expect(api.callsTo('GET', `${CAT}/datos_stps/empresas`).length).toBeGreaterThan(1));
  });

  it('requires the company data before saving it', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Empresas' }));
    await user.click(await screen.findByRole('button', { name: 'Editar Beta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Datos STPS de Beta' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findAllByText('Este campo es obligatorio')).toHaveLength(3);
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('creates a DC-3 representative with its signature and shows tiene_firma as SI/NO', async () => {
    const api = serve({
      [`POST ${CAT}/representantes_DC3/tabla`]: () =>
        TABLE([
          { cve_representante: 1, empresa: 'ACME', tipo: 'patron', nombre: 'Luis Pérez', puesto: 'Director', tiene_firma: 1, activo: 1 },
          { cve_representante: 2, empresa: 'Beta', tipo: 'trabajadores', nombre: 'Rosa Díaz', puesto: null, tiene_firma: 0, activo: 1 },
        ]),
      [`POST ${CAT}/representantes_DC3`]: () => jsonResponse({ resp: 'Excelente', cve_representante: 3 }),
      [`POST ${CAT}/representantes_DC3/3/firma`]: () => jsonResponse({ resp: 'Excelente', firma_url: '/f.png' }),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Representantes DC-3' }));
    const luis = (await screen.findByText('Luis Pérez')).closest('tr') as HTMLElement;
    expect(within(luis).getByText('SI')).toBeInTheDocument();
    expect(within(luis).getByText('Patrón o representante legal')).toBeInTheDocument();
    expect(within(screen.getByText('Rosa Díaz').closest('tr') as HTMLElement).getByText('NO')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nuevo representante' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo representante DC-3' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Empresa/ }));
    await user.click(await screen.findByRole('option', { name: 'ACME', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo de representante/ }));
    await user.click(await screen.findByRole('option', { name: 'Representante de los trabajadores', hidden: true }));
    expect(within(dialog).getByRole('note')).toHaveTextContent('ACME tiene menos de 51 trabajadores');
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Pedro Soto');
    await user.upload(within(dialog).getByLabelText('Archivo de imagen: Firma'), new File(['x'], 'firma.jpg', { type: 'image/jpeg' }));
    expect(await within(dialog).findByRole('img', { name: 'Vista previa de la firma del representante' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo representante DC-3' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', `${CAT}/representantes_DC3`)[0]?.body).toEqual({
      cve_n4: 4,
      tipo: 'trabajadores',
      nombre: 'Pedro Soto',
      puesto: null,
    });
    expect((api.callsTo('POST', `${CAT}/representantes_DC3/3/firma`)[0]?.body as FormData).get('firma')).toBeInstanceOf(File);
  });

  it('edits a representative with nombre, puesto and activo only', async () => {
    const api = serve({
      [`POST ${CAT}/representantes_DC3/tabla`]: () =>
        TABLE([{ cve_representante: 1, empresa: 'ACME', tipo: 'patron', nombre: 'Luis Pérez', puesto: 'Director', tiene_firma: 0, activo: 1 }]),
      [`PUT ${CAT}/representantes_DC3/1`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Representantes DC-3' }));
    await user.click(await screen.findByRole('button', { name: 'Editar Luis Pérez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar representante DC-3' });
    expect(within(dialog).getByRole('textbox', { name: 'Empresa' })).toHaveValue('ACME');
    await user.clear(within(dialog).getByRole('textbox', { name: /^Puesto/ }));
    await user.click(within(dialog).getByRole('switch', { name: 'Activo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('PUT', `${CAT}/representantes_DC3/1`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${CAT}/representantes_DC3/1`)[0]?.body).toEqual({ nombre: 'Luis Pérez', puesto: null, activo: 0 });
  });

  it('creates an establishment with its state and edits one by matching its company and state names', async () => {
    const api = serve({
      [`POST ${CAT}/establecimientos_STPS/tabla`]: () =>
        TABLE([
          {
            cve_establecimiento: 7,
            empresa: 'Beta',
            nombre: 'Planta Apodaca',
            registro_patronal: null,
            domicilio: 'Carretera 1',
            estado: 'Nuevo León',
            activo: 1,
          },
        ]),
      [`POST ${CAT}/establecimientos_STPS`]: () => jsonResponse({ resp: 'Excelente', cve_establecimiento: 8 }),
      [`PUT ${CAT}/establecimientos_STPS/7`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Establecimientos' }));
    expect(await screen.findByText('Planta Apodaca')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nuevo establecimiento' }));
    let dialog = await screen.findByRole('dialog', { name: 'Nuevo establecimiento' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findAllByText('Este campo es obligatorio')).toHaveLength(2);
    await user.click(within(dialog).getByRole('combobox', { name: /^Empresa/ }));
    await user.click(await screen.findByRole('option', { name: 'ACME', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Oficinas CDMX');
    await user.type(within(dialog).getByRole('textbox', { name: /^Registro patronal/ }), 'y5412345101');
    await user.click(within(dialog).getByRole('combobox', { name: /^Estado/ }));
    await user.click(await screen.findByRole('option', { name: 'Ciudad de México', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('POST', `${CAT}/establecimientos_STPS`)).toHaveLength(1));
    expect(api.callsTo('POST', `${CAT}/establecimientos_STPS`)[0]?.body).toEqual({
      cve_n4: 4,
      nombre: 'Oficinas CDMX',
      registro_patronal: 'Y5412345101',
      domicilio: null,
      cve_estado: 9,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo establecimiento' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Editar Planta Apodaca' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar establecimiento' });
    expect(within(dialog).getByRole('combobox', { name: /^Empresa/ })).toHaveValue('Beta');
    expect(within(dialog).getByRole('combobox', { name: /^Estado/ })).toHaveValue('Nuevo León');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('PUT', `${CAT}/establecimientos_STPS/7`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${CAT}/establecimientos_STPS/7`)[0]?.body).toEqual({
      cve_n4: 5,
      nombre: 'Planta Apodaca',
      registro_patronal: null,
      domicilio: 'Carretera 1',
      cve_estado: 19,
      activo: 1,
    });
  });

  it("says the company list could not be loaded, with the server's message", async () => {
    serve({
      [`GET ${CAT}/datos_stps/empresas`]: () => jsonResponse({ resp: 'No tienes permiso para esta sección', code: 'auth.sin_permiso' }, 403),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Empresas' }));
    const alert = (await screen.findByText('Problemas para consultar la información de Empresas')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('No tienes permiso para esta sección');
  });
});
