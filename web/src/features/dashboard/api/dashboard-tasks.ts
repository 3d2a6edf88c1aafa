import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

/** One task of GET tareas (one's own and those one assigned). */
export type Tarea = Schema<'Tarea'>;
/** A task as sent in POST and PUT tareas. */
export type TareaForm = Schema<'TareaForm'>;
/** One of the people one supervises (GET tareas/empleados/supervisor). */
export type Supervisado = Schema<'Supervisado'>;

export const TASKS_URL = `${PRI}/tareas`;
export const SUPERVISED_URL = `${PRI}/tareas/empleados/supervisor`;
export const taskUrl = (id: number) => `${TASKS_URL}/${id}`;

const OPTIONS = { revalidateOnFocus: false } as const;

/** GET tareas: the card shows its own failure, so no dialog. */
export function useTasks(cveEmpleado: number) {
  return useSWR<Tarea[]>([TASKS_URL, cveEmpleado], () => apiRequest<Tarea[]>(TASKS_URL, { errorDialog: false }), OPTIONS);
}

/** GET tareas/empleados/supervisor: `[]` (or a failure) means one assigns tasks only to oneself. */
export function useSupervised(cveEmpleado: number) {
  return useSWR<Supervisado[]>([SUPERVISED_URL, cveEmpleado], () => apiRequest<Supervisado[]>(SUPERVISED_URL, { errorDialog: false }), OPTIONS);
}

/** POST tareas. */
export function createTask(tarea: TareaForm): Promise<Schema<'TareaCreada'>> {
  return apiRequest<Schema<'TareaCreada'>>(TASKS_URL, { method: 'POST', body: { tarea }, errorDialog: false });
}

/** PUT tareas/{id}. */
export function updateTask(id: number, tarea: TareaForm): Promise<{ resp?: string }> {
  return apiRequest<{ resp?: string }>(taskUrl(id), { method: 'PUT', body: { tarea }, errorDialog: false });
}

/** DELETE tareas/{id}. */
export function deleteTask(id: number): Promise<{ resp?: string }> {
  return apiRequest<{ resp?: string }>(taskUrl(id), { method: 'DELETE', errorDialog: false });
}
