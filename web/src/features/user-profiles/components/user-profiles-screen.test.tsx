import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { UserProfilesScreen } from './user-profiles-screen';
import { reachableStep, stepProblem } from './wizard-rules';

const TABLE = `${PRI}/catalogos/empleados`;
const CHANGE = `${PRI}/configuracion/cambiar_perfil_usuario`;

function employee(cve: number, nombre: string) {
  return { cve_empleado: cve, num_empleado: `A${cve}`, nombre_empleado: nombre, curp: null, puesto: 'Operador', n4: 'ACME', planta: null };
}

const PEOPLE = [employee(10, 'Marta Ruiz'), employee(11, 'Luis Pérez'), employee(12, 'Ana Gómez')];
/** 150 employees, for select-all. */
const MANY = Array.from({ length: 150 }, (_, i) => employee(100 + i, `Empleado ${String(i + 1).padStart(3, '0')}`));

function pagedTable(rows: ReturnType<typeof employee>[]) {
  return (call: RecordedCall) => {
    const { page, cantPP } = call.body as { page: number; cantPP: number };
    const result = rows.slice((page - 1) * cantPP, page * cantPP);
    return jsonResponse({
      result,
      pages: { pages: Math.ceil(rows.length / cantPP), ultima_page: Math.ceil(rows.length / cantPP), cantidad_registros: rows.length },
      columns_with_selects: [],
    });
  };
}

const PROFILES = {
  [`GET ${PRI}/perfiles/secciones/perfiles`]: () =>
    jsonResponse({
      perfiles: [
        { idperfil: 1, perfil: 'Administrador', descripcion: '', alcance: 'todos' },
        { idperfil: 3, perfil: 'Supervisor', descripcion: '', alcance: 'subordinados' },
        { idperfil: 8, perfil: 'Participante', descripcion: '', alcance: 'propio' },
      ],
      perfiles_secciones: [],
      secciones: [],
    }),
};

function renderScreen() {
  return renderWithProviders(
    <PageChromeProvider>
      <UserProfilesScreen />
    </PageChromeProvider>,
  );
}

/** The table row of an employee (hidden steps stay mounted, so look among visible cells). */
async function rowOf(name: string): Promise<HTMLElement> {
  return (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;
}

async function selectRow(name: string) {
  await userEvent.click(within(await rowOf(name)).getByRole('checkbox'));
}

const nextButton = () => screen.getByRole('button', { name: 'Siguiente' });

beforeAll(async () => {
  await setupI18n('user-profiles');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), {
    cve_empleado: 1,
    nombre_empleado: 'Admin',
    idperfil: 1,
    secciones: ['configuracion.cambiar_perfil_usuario'],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('wizard rules', () => {
  it("names what is missing with the spec's messages", () => {
    expect(stepProblem(0, { employees: 0, profiles: [], predeterminado: null })).toBe('validation.no_users');
    expect(stepProblem(1, { employees: 2, profiles: [], predeterminado: null })).toBe('validation.no_profiles');
    expect(stepProblem(1, { employees: 2, profiles: [3, 8], predeterminado: null })).toBe('validation.no_default');
    expect(stepProblem(1, { employees: 2, profiles: [3], predeterminado: 8 })).toBe('validation.no_default');
    expect(stepProblem(1, { employees: 2, profiles: [3, 8], predeterminado: 8 })).toBeNull();
  });

  it('lets the user reach a step only when the ones before it are complete', () => {
    expect(reachableStep({ employees: 0, profiles: [3], predeterminado: 3 })).toBe(0);
    expect(reachableStep({ employees: 1, profiles: [], predeterminado: null })).toBe(1);
    expect(reachableStep({ employees: 1, profiles: [3], predeterminado: 3 })).toBe(2);
  });
});

describe('UserProfilesScreen', () => {
  it('walks the three steps and sends {empleados, perfiles, predeterminado}', async () => {
    const api = mockFetch({
      [`POST ${TABLE}`]: pagedTable(PEOPLE),
      [`POST ${CHANGE}`]: () => jsonResponse({ resp: 'Excelente', actualizados: 2 }),
      ...PROFILES,
    });
    renderScreen();

    // Step 1: nothing selected yet.
    await rowOf('Marta Ruiz');
    expect(screen.getByText('Selecciona al menos un usuario')).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
    expect(api.callsTo('POST', TABLE)[0]?.body).toMatchObject({ filtersEXT: { vista: 'todos' } });
    await selectRow('Marta Ruiz');
    await selectRow('Luis Pérez');
    expect(screen.queryByText('Selecciona al menos un usuario')).not.toBeInTheDocument();
    expect(screen.getByText('2 usuarios seleccionados')).toBeInTheDocument();
    await userEvent.click(nextButton());

    // Step 2: profiles, then the default among them.
    const admin = await screen.findByRole('checkbox', { name: 'Administrador' });
    expect(screen.getByText('Selecciona al menos un perfil')).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
    expect(admin).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Supervisor' }));
    // One profile is the default by itself.
    expect(screen.getByRole('radio', { name: 'Supervisor' })).toBeChecked();
    expect(nextButton()).toBeEnabled();
    expect(screen.queryByRole('radio', { name: 'Administrador' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Participante' }));
    await userEvent.click(admin);
    // Unticking the default profile leaves the choice of a new one to the user.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Supervisor' }));
    expect(screen.getByText('Selecciona el perfil predeterminado')).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
    expect(screen.queryByRole('radio', { name: 'Supervisor' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Participante' }));
    expect(screen.queryByText('Selecciona el perfil predeterminado')).not.toBeInTheDocument();
    await userEvent.click(nextButton());

    // Step 3: the summary, then the change.
    const users = await screen.findByRole('list', { name: 'Usuarios que cambiarán' });
    expect(within(users).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Marta Ruiz', 'Luis Pérez']);
    expect(screen.getByText('Perfil predeterminado: Participante')).toBeInTheDocument();
    const assigned = screen.getByLabelText('Perfiles asignados');
    expect(within(assigned).getByText('Administrador')).toBeInTheDocument();
    expect(within(assigned).getByText('Participante · predeterminado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar cambio' }));
    expect(await screen.findByText('Se actualizaron los perfiles de 2 usuarios.')).toBeInTheDocument();
    expect(api.callsTo('POST', CHANGE)[0]?.body).toEqual({ empleados: [10, 11], perfiles: [1, 8], predeterminado: 8 });

    // Start again with nothing chosen.
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar otros perfiles' }));
    expect(await screen.findByText('Selecciona al menos un usuario')).toBeInTheDocument();
    expect(within(await rowOf('Marta Ruiz')).getByRole('checkbox')).not.toBeChecked();
    expect(nextButton()).toBeDisabled();
  });

  it('goes back keeping the choices, and later steps cannot be opened before their turn', async () => {
    mockFetch({ [`POST ${TABLE}`]: pagedTable(PEOPLE), ...PROFILES });
    renderScreen();
    await selectRow('Ana Gómez');
    await userEvent.click(screen.getByRole('button', { name: /^\d?\s*Confirmar\s*Revisa/ }));
    // The confirm step's header is not a way around the steps: step 1 stays on screen.
    expect(screen.queryByRole('button', { name: 'Confirmar cambio' })).not.toBeInTheDocument();
    expect(await rowOf('Ana Gómez')).toBeVisible();
    await userEvent.click(nextButton());
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Administrador' }));
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(within(await rowOf('Ana Gómez')).getByRole('checkbox')).toBeChecked();
    await userEvent.click(nextButton());
    expect(await screen.findByRole('checkbox', { name: 'Administrador' })).toBeChecked();
  });

  it('with "select all" sends every filtered employee but the unticked ones', async () => {
    const api = mockFetch({
      [`POST ${TABLE}`]: pagedTable(MANY),
      [`POST ${CHANGE}`]: () => jsonResponse({ resp: 'Excelente', actualizados: 149 }),
      ...PROFILES,
    });
    renderScreen();
    await rowOf('Empleado 001');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todos' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar registro 1' }));
    expect(screen.getByText('149 usuarios seleccionados')).toBeInTheDocument();
    await userEvent.click(nextButton());
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Participante' }));
    await userEvent.click(nextButton());
    expect(await screen.findByText('149 usuarios')).toBeInTheDocument();
    expect(screen.getByText('y 119 más')).toBeInTheDocument();
    const pages = api
      .callsTo('POST', TABLE)
      .map((c) => c.body as { page: number; cantPP: number })
      .filter((b) => b.cantPP === 100);
    expect(pages.map((b) => b.page)).toEqual([1, 2]);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar cambio' }));
    await waitFor(() => expect(api.callsTo('POST', CHANGE)).toHaveLength(1));
    const body = api.callsTo('POST', CHANGE)[0]?.body as { empleados: number[]; perfiles: number[]; predeterminado: number };
    expect(body.empleados).toHaveLength(149);
    expect(body.empleados).not.toContain(100);
    expect(body.empleados).toContain(249);
    expect(body).toMatchObject({ perfiles: [8], predeterminado: 8 });
  });

  it("shows the server's message when the change is refused", async () => {
    mockFetch({
      [`POST ${TABLE}`]: pagedTable(PEOPLE),
      [`POST ${CHANGE}`]: () =>
        jsonResponse({ resp: 'Selecciona el perfil predeterminado', code: 'perfiles.sin_predeterminado' }, 400),
      ...PROFILES,
    });
    renderScreen();
    await selectRow('Marta Ruiz');
    await userEvent.click(nextButton());
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Supervisor' }));
    await userEvent.click(nextButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar cambio' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Selecciona el perfil predeterminado');
    expect(screen.getByRole('button', { name: 'Confirmar cambio' })).toBeInTheDocument();
  });
});
