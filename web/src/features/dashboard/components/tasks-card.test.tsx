import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { Supervisado, Tarea } from '../api/dashboard-tasks';
import { TasksCard } from './tasks-card';

const TASKS = `${PRI}/tareas`;
const SUPERVISED = `${PRI}/tareas/empleados/supervisor`;
const ME = { cve_empleado: 7, nombre_empleado: 'Laura Méndez Garza' };

function task(over: Partial<Tarea>): Tarea {
  return {
    id: 1,
    title: 'Revisar el plan',
    description: 'Antes de la junta',
    dueDate: '2099-05-20',
    cve_empleado: 7,
    nombre_empleado: 'Laura Méndez Garza',
    creado_por: 7,
    nombre_creador: 'Laura Méndez Garza',
    status: 'pendiente',
    done: false,
    ...over,
  };
}

function serve(tasks: Tarea[], supervised: Supervisado[] = [], extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`GET ${TASKS}`]: () => jsonResponse(tasks),
    [`GET ${SUPERVISED}`]: () => jsonResponse(supervised),
    [`POST ${TASKS}`]: () => jsonResponse({ resp: 'Excelente', id: 99 }),
    ...extra,
  });
}

beforeAll(async () => {
  await setupI18n('dashboard');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('tasks card', () => {
  it('says ‘Sin tareas’ without tasks', async () => {
    serve([]);
    renderWithProviders(<TasksCard me={ME} />);
    expect(await screen.findByText('Sin tareas')).toBeInTheDocument();
  });

  it('creates a task for oneself due one month ahead by default, with no employee choice', async () => {
    // Only Date is faked: 31 January plus one month is the last day of February.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 31, 10, 0, 0));
    const api = serve([]);
    renderWithProviders(<TasksCard me={ME} />);
    await screen.findByText('Sin tareas');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar tarea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva tarea' });
    await waitFor(() => expect(api.callsTo('GET', SUPERVISED)).toHaveLength(1));
    expect(within(dialog).queryByLabelText('Empleado')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Título/ }), '  Subir la constancia ');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Descripción' }), 'La DC-3 firmada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('POST', TASKS)).toHaveLength(1));
    expect(api.callsTo('POST', TASKS)[0]?.body).toEqual({
      tarea: { title: 'Subir la constancia', description: 'La DC-3 firmada', dueDate: '2026-02-28' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva tarea' })).not.toBeInTheDocument());
  });

  it('does not save a task without a title', async () => {
    const api = serve([]);
    renderWithProviders(<TasksCard me={ME} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar tarea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva tarea' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Escribe el título de la tarea')).toBeInTheDocument();
    expect(api.callsTo('POST', TASKS)).toHaveLength(0);
  });

  it('offers the employee select only to whoever supervises people, oneself by default', async () => {
    const api = serve([], [
      { cve_empleado: 21, nombre_empleado: 'Ana Díaz Vázquez' },
      { cve_empleado: 22, nombre_empleado: 'Daniel Lozano Guzmán' },
    ]);
    renderWithProviders(<TasksCard me={ME} />);
    await screen.findByText('Sin tareas');
    await waitFor(() => expect(api.callsTo('GET', SUPERVISED)).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Agregar tarea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva tarea' });
    const select = await within(dialog).findByRole('combobox', { name: 'Empleado' });
    expect(select).toHaveValue('Yo (Laura Méndez Garza)');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Ana Díaz Vázquez', hidden: true }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Título/ }), 'Curso de montacargas');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('POST', TASKS)).toHaveLength(1));
    expect(api.callsTo('POST', TASKS)[0]?.body).toMatchObject({ tarea: { title: 'Curso de montacargas', cve_empleado: 21 } });
  });

  it('marks a task done with a PUT of the same fields and done=true', async () => {
    let saved = task({ id: 5 });
    const put = vi.fn((call: RecordedCall) => {
      saved = { ...saved, done: (call.body as { tarea: { done: boolean } }).tarea.done };
      return jsonResponse({ resp: 'Excelente' });
    });
    serve([], [], { [`GET ${TASKS}`]: () => jsonResponse([saved]), [`PUT ${TASKS}/5`]: put });
    renderWithProviders(<TasksCard me={ME} />);
    const box = await screen.findByRole('checkbox', { name: /Revisar el plan/ });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const call = (put.mock.calls[0] as unknown as [RecordedCall])[0];
    expect(call.body).toEqual({
      tarea: { title: 'Revisar el plan', description: 'Antes de la junta', dueDate: '2099-05-20', cve_empleado: 7, done: true },
    });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Revisar el plan/ })).toBeChecked());
  });

  it('puts the box back when the server refuses the change', async () => {
    serve([task({ id: 5 })], [], { [`PUT ${TASKS}/5`]: () => jsonResponse({ resp: 'Sin permiso', code: 'auth.sin_permiso' }, 403) });
    renderWithProviders(<TasksCard me={ME} />);
    const box = await screen.findByRole('checkbox', { name: /Revisar el plan/ });
    await userEvent.click(box);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Revisar el plan/ })).toBeEnabled());
    expect(screen.getByRole('checkbox', { name: /Revisar el plan/ })).not.toBeChecked();
  });

  it('lists pending tasks first, says who assigned or owns a task, and red-flags the overdue with text', async () => {
    serve([
      task({ id: 1, title: 'Ya hecha', done: true, status: 'terminada', dueDate: '2000-01-01' }),
      task({ id: 2, title: 'Atrasada', dueDate: '2000-01-01' }),
      task({ id: 3, title: 'Del jefe', creado_por: 3, nombre_creador: 'Carlos Herrera Montemayor' }),
      task({ id: 4, title: 'Para Ana', cve_empleado: 21, nombre_empleado: 'Ana Díaz Vázquez' }),
    ]);
    renderWithProviders(<TasksCard me={ME} />);
    await screen.findByText('Ya hecha');
    const order = screen.getAllByRole('listitem').map((li) => li.getAttribute('data-testid'));
    expect(order).toEqual(['task-2', 'task-3', 'task-4', 'task-1']);

    expect(within(screen.getByTestId('task-2')).getByText('Vencida')).toBeInTheDocument();
    // A finished task is not overdue.
    expect(within(screen.getByTestId('task-1')).queryByText('Vencida')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('task-4')).getByText('Para Ana Díaz Vázquez')).toBeInTheDocument();

    // Assigned by someone else: only the checkbox.
    const assigned = screen.getByTestId('task-3');
    expect(within(assigned).getByText('Asignada por Carlos Herrera Montemayor')).toBeInTheDocument();
    expect(within(assigned).getByRole('checkbox', { name: /Del jefe/ })).toBeEnabled();
    expect(within(assigned).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('task-4')).getByRole('button', { name: 'Editar la tarea Para Ana' })).toBeInTheDocument();
    expect(within(screen.getByTestId('task-4')).getByRole('button', { name: 'Eliminar la tarea Para Ana' })).toBeInTheDocument();
  });

  it('edits a task in the same dialog and deletes one after confirming', async () => {
    const put = vi.fn(() => jsonResponse({ resp: 'Excelente' }));
    const del = vi.fn(() => jsonResponse({ resp: 'Excelente' }));
    serve([task({ id: 5 })], [], { [`PUT ${TASKS}/5`]: put, [`DELETE ${TASKS}/5`]: del });
    renderWithProviders(<TasksCard me={ME} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar la tarea Revisar el plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar tarea' });
    const title = within(dialog).getByRole('textbox', { name: /Título/ });
    expect(title).toHaveValue('Revisar el plan');
    await userEvent.clear(title);
    await userEvent.type(title, 'Revisar el plan anual');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect((put.mock.calls[0] as unknown as [RecordedCall])[0].body).toEqual({
      tarea: { title: 'Revisar el plan anual', description: 'Antes de la junta', dueDate: '2099-05-20', cve_empleado: 7, done: false },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar la tarea Revisar el plan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar tarea' });
    expect(del).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(del).toHaveBeenCalledTimes(1));
  });
});
