import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { AbsencesModal } from './absences-modal';
import { overlaps } from './absence-schema';

const EMPLOYEE = { cve_empleado: 10, nombre_empleado: 'Marta Ruiz' };
const LIST = `${PRI}/catalogos/empleados/10/ausencias`;
const ABSENCES = [
  { id_ausencia: 3, fecha_inicio: '2025-01-06', fecha_fin: '2025-01-10', motivo: 'Vacaciones', creado: '2024-12-01' },
  { id_ausencia: 4, fecha_inicio: '2025-03-03', fecha_fin: '2025-03-03', motivo: 'Cita médica', creado: '2025-02-01' },
];

function setDates(dialog: HTMLElement, from: string, to: string) {
  fireEvent.change(within(dialog).getByLabelText(/^Desde/), { target: { value: from } });
  fireEvent.change(within(dialog).getByLabelText(/^Hasta/), { target: { value: to } });
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

describe('absence overlap', () => {
  it('counts a shared first or last day as an overlap', () => {
    expect(overlaps({ fecha_inicio: '2025-01-10', fecha_fin: '2025-01-12' }, ABSENCES)).toBe(true);
    expect(overlaps({ fecha_inicio: '2025-01-01', fecha_fin: '2025-01-06' }, ABSENCES)).toBe(true);
    expect(overlaps({ fecha_inicio: '2025-01-11', fecha_fin: '2025-03-02' }, ABSENCES)).toBe(false);
  });
});

describe('AbsencesModal', () => {
  it('lists the absences, newest first, and offers no changes without the edit permission', async () => {
    mockFetch({ [`GET ${LIST}`]: () => jsonResponse(ABSENCES) });
    renderWithProviders(<AbsencesModal employee={EMPLOYEE} canEdit={false} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ausencias' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DesdeHastaMotivo',
      expect.stringContaining('Cita médica'),
      expect.stringContaining('Vacaciones'),
    ]);
    expect(within(dialog).queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Agregar ausencia' })).not.toBeInTheDocument();
  });

  it('shows an empty state when there are none', async () => {
    mockFetch({ [`GET ${LIST}`]: () => jsonResponse([]) });
    renderWithProviders(<AbsencesModal employee={EMPLOYEE} canEdit onClose={() => undefined} />);
    expect(await screen.findByText('Sin ausencias registradas')).toBeInTheDocument();
  });

  it('checks the range and the reason before adding, then posts it and reloads the list', async () => {
    let list = [...ABSENCES];
    const api = mockFetch({
      [`GET ${LIST}`]: () => jsonResponse(list),
      [`POST ${LIST}`]: (call) => {
        list = [...list, { id_ausencia: 9, creado: '2025-04-01', ...(call.body as { fecha_inicio: string; fecha_fin: string; motivo: string }) }];
        return jsonResponse({ resp: 'Excelente', id_ausencia: 9 });
      },
    });
    renderWithProviders(<AbsencesModal employee={EMPLOYEE} canEdit onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ausencias' });
    await within(dialog).findByText('Vacaciones');
    const add = within(dialog).getByRole('button', { name: 'Agregar ausencia' });

    await userEvent.click(add);
    expect(await within(dialog).findAllByText('Este campo es obligatorio')).toHaveLength(3);

    setDates(dialog, '2025-05-10', '2025-05-09');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Curso externo');
    await userEvent.click(add);
    expect(await within(dialog).findByText('La fecha final no puede ser anterior a la inicial')).toBeInTheDocument();

    setDates(dialog, '2025-01-09', '2025-01-15');
    await userEvent.click(add);
    expect(await within(dialog).findByText('Las fechas se traslapan con otra ausencia')).toBeInTheDocument();
    expect(api.callsTo('POST', LIST)).toHaveLength(0);

    setDates(dialog, '2025-05-12', '2025-05-16');
    await userEvent.click(add);
    await waitFor(() => expect(api.callsTo('POST', LIST)).toHaveLength(1));
    expect(api.callsTo('POST', LIST)[0]?.body).toEqual({ fecha_inicio: '2025-05-12', fecha_fin: '2025-05-16', motivo: 'Curso externo' });
    expect(await within(dialog).findByText('Curso externo')).toBeInTheDocument();
    expect(await screen.findByText('Ausencia agregada')).toBeInTheDocument();
  });

  it("puts the server's 409 duplicado.ausencia next to the start date", async () => {
    mockFetch({
      [`GET ${LIST}`]: () => jsonResponse([]),
      [`POST ${LIST}`]: () =>
        jsonResponse({ resp: 'Ya existe una ausencia en esas fechas', code: 'duplicado.ausencia' }, 409),
    });
    renderWithProviders(<AbsencesModal employee={EMPLOYEE} canEdit onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ausencias' });
    await within(dialog).findByText('Sin ausencias registradas');
    setDates(dialog, '2025-05-12', '2025-05-16');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Curso');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar ausencia' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Desde/)).toHaveAccessibleDescription('Ya existe una ausencia en esas fechas'),
    );
    expect(screen.queryByText('Cambio de plan')).not.toBeInTheDocument();
  });

  it("shows other refusals of the server in the form", async () => {
    mockFetch({
      [`GET ${LIST}`]: () => jsonResponse([]),
      [`POST ${LIST}`]: () => jsonResponse({ resp: 'No tienes permiso sobre este empleado', code: 'auth.fuera_de_alcance' }, 403),
    });
    renderWithProviders(<AbsencesModal employee={EMPLOYEE} canEdit onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ausencias' });
    await within(dialog).findByText('Sin ausencias registradas');
    setDates(dialog, '2025-05-12', '2025-05-16');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Curso');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar ausencia' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No tienes permiso sobre este empleado');
  });

  it('deletes an absence only after confirming', async () => {
    let list = [...ABSENCES];
    const api = mockFetch({
      [`GET ${LIST}`]: () => jsonResponse(list),
      [`DELETE ${LIST}/3`]: () => {
        list = list.filter((a) => a.id_ausencia !== 3);
        return jsonResponse({ resp: 'Excelente' });
      },
    });
    renderWithProviders(<AbsencesModal employee={EMPLOYEE} canEdit onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ausencias' });
    const row = (await within(dialog).findByText('Vacaciones')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /^Eliminar la ausencia del/ }));
    expect(api.callsTo('DELETE', `${LIST}/3`)).toHaveLength(0);
    await userEvent.click(within(row).getByRole('button', { name: 'Confirmar eliminación' }));
    await waitFor(() => expect(within(dialog).queryByText('Vacaciones')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', `${LIST}/3`)).toHaveLength(1);
    expect(within(dialog).getByText('Cita médica')).toBeInTheDocument();
  });
});
