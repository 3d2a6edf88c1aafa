import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { EmployeeFormModal } from './employee-form-modal';

const NODES: Record<string, { value: number; label: string }[]> = {
  '2:': [{ value: 1, label: 'Industria' }],
  '3:1': [{ value: 2, label: 'Manufactura' }],
  '4:2': [{ value: 3, label: 'ACME' }],
  '5:3': [{ value: 4, label: 'Planta Norte' }],
  '6:4': [],
};

function structureOptions(call: RecordedCall) {
  const query = new URL(call.url, 'http://test').searchParams;
  return jsonResponse(NODES[`${query.get('nivel')}:${query.get('padre') ?? ''}`] ?? []);
}

const OPTION_ROUTES = {
  [`GET ${PRI}/catalogos/estructura/opciones`]: structureOptions,
  [`POST ${PRI}/catalogos/estructura_puestos/obtenerPuestos`]: () =>
    jsonResponse([
      { cve_puesto: 7, puesto: 'Operador' },
      { cve_puesto: 8, puesto: 'Supervisor de línea' },
    ]),
  [`GET ${PRI}/catalogos/plantas/opciones`]: () =>
    jsonResponse([
      { value: 5, label: 'Norte' },
      { value: 6, label: 'Sur' },
    ]),
  [`GET ${PRI}/catalogos/estados`]: () =>
    jsonResponse([
      { cve_estado: 19, estado: 'Nuevo León' },
      { cve_estado: 9, estado: 'Ciudad de México' },
    ]),
  [`GET ${PRI}/catalogos/tipos_poblacion`]: () =>
    jsonResponse([
      { cve_tipo_poblacion: 1, nombre: 'Operativo' },
      { cve_tipo_poblacion: 2, nombre: 'Administrativo' },
    ]),
  [`GET ${PRI}/catalogos/ocupaciones`]: () =>
    jsonResponse([
      {
        clave: '06',
        nombre: 'Industria',
        subareas: [
          { clave: '06.1', nombre: 'Metalurgia' },
          { clave: '06.2', nombre: 'Industria química' },
        ],
      },
    ]),
  [`GET ${PRI}/catalogos/empleados/opciones`]: (call: RecordedCall) =>
    jsonResponse(new URL(call.url, 'http://test').searchParams.get('q') === 'Mart' ? [{ value: 10, label: 'Marta Ruiz' }] : []),
};

function combobox(name: string) {
  return screen.getByRole('combobox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
}

/** The open list of a select (Mantine keeps every select's options in the DOM). */
async function listOf(input: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('the list is not open');
    return list;
  });
}

async function pick(name: string, option: string) {
  const input = combobox(name);
  await userEvent.click(input);
  await userEvent.click(await within(await listOf(input)).findByRole('option', { name: option, hidden: true }));
}

async function fillRequired(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Número de empleado/ }), 'A-100');
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nombre completo/ }), 'Ana López');
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^CURP/ }), 'goml850312hnlrps09');
  await pick('Segmento (N2)', 'Industria');
  await pick('Tipo de cliente (N3)', 'Manufactura');
  await pick('Empresa (N4)', 'ACME');
  await pick('Puesto', 'Operador');
}

beforeAll(async () => {
  await setupI18n('employees');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), {
    cve_empleado: 1,
    nombre_empleado: 'Admin',
    idperfil: 1,
    secciones: ['catalogos.empleados', 'catalogos.empleados.editar'],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('new employee form', () => {
  it('requires number, name, CURP, N2–N4 and the position before calling the server', async () => {
    const api = mockFetch(OPTION_ROUTES);
    renderWithProviders(<EmployeeFormModal opened cve={null} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo empleado' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findAllByText('Este campo es obligatorio')).toHaveLength(7);
    expect(api.callsTo('POST', `${PRI}/catalogos/empleados/crear`)).toHaveLength(0);
    // Levels below an unchosen parent wait for it.
    expect(combobox('Tipo de cliente (N3)')).toBeDisabled();
    expect(combobox('Puesto')).toBeDisabled();
  });

  it('upper-cases the CURP and checks CURP, RFC, e-mail, phone and dates like the server', async () => {
    mockFetch(OPTION_ROUTES);
    renderWithProviders(<EmployeeFormModal opened cve={null} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo empleado' });
    const curp = within(dialog).getByRole('textbox', { name: /^CURP/ });
    await userEvent.type(curp, 'goml851312hnlrps09');
    expect(curp).toHaveValue('GOML851312HNLRPS09');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^RFC/ }), 'abc12');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Correo electrónico/ }), 'ana@empresa');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Teléfono/ }), '81123');
    fireEvent.change(within(dialog).getByLabelText('Fecha de ingreso'), { target: { value: '2999-01-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    // Month 13 is not a CURP.
    expect(await within(dialog).findByText('La CURP ingresada es incorrecta (18 caracteres)')).toBeInTheDocument();
    expect(within(dialog).getByText('El RFC debe tener entre 12 y 13 caracteres')).toBeInTheDocument();
    expect(within(dialog).getByText('El correo ingresado es incorrecto')).toBeInTheDocument();
    expect(within(dialog).getByText('El teléfono debe tener de 8 a 15 dígitos')).toBeInTheDocument();
    expect(within(dialog).getByText('La fecha no puede ser posterior a hoy')).toBeInTheDocument();
  });

  it('cascades the structure selects and sends every field of the employee form', async () => {
    const api = mockFetch({
      ...OPTION_ROUTES,
      [`POST ${PRI}/catalogos/empleados/crear`]: () => jsonResponse({ resp: 'Excelente', cve_empleado: 55 }),
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<EmployeeFormModal opened cve={null} onClose={onClose} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo empleado' });
    await fillRequired(dialog);
    const levelCalls = api
      .callsTo('GET', `${PRI}/catalogos/estructura/opciones`)
      .map((c) => new URL(c.url, 'http://test').search);
    expect(levelCalls).toEqual(expect.arrayContaining(['?nivel=2', '?nivel=3&padre=1', '?nivel=4&padre=2', '?nivel=5&padre=3']));
    expect(api.callsTo('POST', `${PRI}/catalogos/estructura_puestos/obtenerPuestos`)[0]?.body).toEqual({ cve_area_manager: 3 });
    expect(new URL(api.callsTo('GET', `${PRI}/catalogos/plantas/opciones`)[0]?.url ?? '', 'http://test').search).toBe('?cve_n4=3');

    await pick('Nivel 5 (N5)', 'Planta Norte');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^RFC/ }), 'goml850312ab1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Correo electrónico/ }), 'Ana@Empresa.mx');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Teléfono/ }), '8112345678');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Mujer' }));
    fireEvent.change(within(dialog).getByLabelText('Fecha de nacimiento'), { target: { value: '1985-03-12' } });
    fireEvent.change(within(dialog).getByLabelText('Fecha de ingreso'), { target: { value: '2024-02-01' } });
    await pick('Planta principal', 'Norte');
    expect(combobox('Planta principal')).toHaveValue('Norte');
    const extras = combobox('Plantas adicionales');
    await userEvent.click(extras);
    const extraList = await listOf(extras);
    // The main plant is not offered again as an extra one.
    expect(within(extraList).queryByRole('option', { name: 'Norte', hidden: true })).not.toBeInTheDocument();
    await userEvent.click(within(extraList).getByRole('option', { name: 'Sur', hidden: true }));
    await pick('Estado', 'Nuevo León');
    await pick('Tipo de población', 'Operativo');
    await pick('Tipo de empleado', 'Sindicalizado');
    await pick('Ocupación (STPS)', '06.2 Industria química');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^ID de tarjeta/ }), 'T-9');

    // The supervisor typeahead asks the server from 4 characters.
    await userEvent.type(combobox('Supervisor'), 'Mar');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(api.callsTo('GET', `${PRI}/catalogos/empleados/opciones`)).toHaveLength(0);
    await userEvent.type(combobox('Supervisor'), 't');
    await userEvent.click(await within(await listOf(combobox('Supervisor'))).findByRole('option', { name: 'Marta Ruiz', hidden: true }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(55));
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo('POST', `${PRI}/catalogos/empleados/crear`)[0]?.body).toEqual({
      num_empleado: 'A-100',
      nombre_empleado: 'Ana López',
      curp: 'GOML850312HNLRPS09',
      rfc_empleado: 'GOML850312AB1',
      correo_empleado: 'ana@empresa.mx',
      telefono: '8112345678',
      genero: 'M',
      fecha_nacimiento: '1985-03-12',
      cve_puesto: 7,
      n2: 1,
      n3: 2,
      n4: 3,
      n5: 4,
      n6: null,
      n7: null,
      cve_planta: 5,
      plantas: [6],
      cve_pais: 1,
      cve_estado: 19,
      cve_tipo_poblacion: 1,
      cve_supervisor: 10,
      fecha_ingreso: '2024-02-01',
      fecha_inicio_puesto: null,
      tipo_empleado: 'Sindicalizado',
      id_tarjeta: 'T-9',
      ocupacion: '06.2',
      activo: 1,
    });
    expect(await screen.findByText('Empleado creado. Se envió una contraseña temporal a su correo.')).toBeInTheDocument();
  });

  it('clears the lower levels and the position when a level changes', async () => {
    NODES['2:'] = [
      { value: 1, label: 'Industria' },
      { value: 11, label: 'Servicios' },
    ];
    NODES['3:11'] = [{ value: 12, label: 'Hospitales' }];
    mockFetch(OPTION_ROUTES);
    renderWithProviders(<EmployeeFormModal opened cve={null} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo empleado' });
    await fillRequired(dialog);
    expect(combobox('Puesto')).toHaveValue('Operador');
    await pick('Segmento (N2)', 'Servicios');
    expect(combobox('Tipo de cliente (N3)')).toHaveValue('');
    expect(combobox('Empresa (N4)')).toBeDisabled();
    expect(combobox('Puesto')).toBeDisabled();
    expect(combobox('Puesto')).toHaveValue('');
    delete NODES['3:11'];
    NODES['2:'] = [{ value: 1, label: 'Industria' }];
  });

  it("shows a 409 duplicado.curp under the CURP field without ending the session", async () => {
    mockFetch({
      ...OPTION_ROUTES,
      [`POST ${PRI}/catalogos/empleados/crear`]: () =>
        jsonResponse({ resp: 'Ya existe un empleado con esa CURP', code: 'duplicado.curp' }, 409),
    });
    const onSaved = vi.fn();
    renderWithProviders(<EmployeeFormModal opened cve={null} onClose={() => undefined} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo empleado' });
    await fillRequired(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const curp = within(dialog).getByRole('textbox', { name: /^CURP/ });
    await waitFor(() => expect(curp).toHaveAttribute('aria-invalid', 'true'));
    expect(curp).toHaveAccessibleDescription('Ya existe un empleado con esa CURP');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Cambio de plan')).not.toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('puts validation fields from the server next to their inputs and other errors in an alert', async () => {
    mockFetch({
      ...OPTION_ROUTES,
      [`POST ${PRI}/catalogos/empleados/crear`]: () =>
        jsonResponse(
          {
            resp: 'Favor de revisar los datos capturados',
            code: 'validacion.datos',
            fields: { num_empleado: 'Número no permitido', n4: 'La empresa no pertenece al tipo de cliente' },
          },
          400,
        ),
    });
    renderWithProviders(<EmployeeFormModal opened cve={null} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo empleado' });
    await fillRequired(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Número no permitido')).toBeInTheDocument();
    expect(within(dialog).getByText('La empresa no pertenece al tipo de cliente')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('edit employee form', () => {
  const DETAIL = {
    cve_empleado: 10,
    num_empleado: 'A10',
    nombre_empleado: 'Marta Ruiz',
    curp: 'GOML850312MNLRPS09',
    rfc_empleado: null,
    correo_empleado: 'marta@acme.mx',
    telefono: '8112345678',
    genero: 'M',
    fecha_nacimiento: '1985-03-12',
    cve_puesto: 8,
    puesto: 'Supervisor de línea',
    n2: 1,
    n3: 2,
    n4: 3,
    n5: null,
    n6: null,
    n7: null,
    cve_planta: 5,
    plantas: [6],
    cve_pais: 1,
    cve_estado: 9,
    cve_tipo_poblacion: 2,
    cve_supervisor: 20,
    nombre_supervisor: 'Luis Pérez',
    fecha_ingreso: '2024-02-01',
    fecha_inicio_puesto: '2024-03-01',
    tipo_empleado: 'Confianza',
    id_tarjeta: null,
    ocupacion: '06.1',
    activo: 1,
    acceso: 1,
    perfiles: [],
    ausencias: [],
  };

  it('loads the employee into the form and saves it with PUT', async () => {
    const api = mockFetch({
      ...OPTION_ROUTES,
      [`GET ${PRI}/catalogos/empleados/10`]: () => jsonResponse(DETAIL),
      [`PUT ${PRI}/catalogos/empleados/10`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    const onSaved = vi.fn();
    renderWithProviders(<EmployeeFormModal opened cve={10} onClose={() => undefined} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar empleado' });
    const name = await within(dialog).findByRole('textbox', { name: /^Nombre completo/ });
    expect(name).toHaveValue('Marta Ruiz');
    await waitFor(() => expect(combobox('Empresa (N4)')).toHaveValue('ACME'));
    await waitFor(() => expect(combobox('Puesto')).toHaveValue('Supervisor de línea'));
    expect(combobox('Supervisor')).toHaveValue('Luis Pérez');
    await waitFor(() => expect(combobox('Estado')).toHaveValue('Ciudad de México'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Marta Ruiz Gómez');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Activo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(10));
    expect(api.callsTo('PUT', `${PRI}/catalogos/empleados/10`)[0]?.body).toMatchObject({
      nombre_empleado: 'Marta Ruiz Gómez',
      num_empleado: 'A10',
      curp: 'GOML850312MNLRPS09',
      rfc_empleado: null,
      cve_puesto: 8,
      n2: 1,
      n3: 2,
      n4: 3,
      cve_planta: 5,
      plantas: [6],
      cve_estado: 9,
      cve_tipo_poblacion: 2,
      cve_supervisor: 20,
      tipo_empleado: 'Confianza',
      ocupacion: '06.1',
      fecha_inicio_puesto: '2024-03-01',
      activo: 0,
    });
    expect(await screen.findByText('Empleado actualizado')).toBeInTheDocument();
  });
});
