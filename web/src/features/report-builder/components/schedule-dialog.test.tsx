import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { Programacion, ReporteGuardado } from '../api/types';
import { ScheduleDialog } from './schedule-dialog';
import { lastDayOf, scheduleSchema } from './schedule-schema';
import { savedReport } from './test-fixtures';

const PROGRAMACION = `${PRI}/reportes/guardados/7/programacion`;
const OPCIONES = `${PRI}/catalogos/empleados/opciones`;
const TOKEN = fakeJwt({ cve_empleado: 2, kind: 'sesion' });

const EMPLOYEES = [
  { value: 10, label: 'Jorge Salinas Cantú (E000010)', nombre: 'Jorge Salinas Cantú', correo: 'supervisor@sierramadre.mx' },
  { value: 218, label: 'Jorge Castillo Cruz (E001218)', nombre: 'Jorge Castillo Cruz', correo: null },
];

function api(overrides: Record<string, (call: RecordedCall) => Response | Promise<Response>> = {}) {
  return mockFetch({
    [`GET ${OPCIONES}`]: (call) => {
      const q = new URL(call.url, 'http://test').searchParams.get('q') ?? '';
      return jsonResponse(EMPLOYEES.filter((e) => e.nombre.toLowerCase().includes(q.toLowerCase())));
    },
    [`PUT ${PROGRAMACION}`]: () => jsonResponse({ resp: 'Excelente' }),
    [`DELETE ${PROGRAMACION}`]: () => jsonResponse({ resp: 'Excelente' }),
    ...overrides,
  });
}

function open(programacion: Programacion | null = null) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  const report: ReporteGuardado = savedReport({ programacion });
  renderWithProviders(<ScheduleDialog report={report} onClose={onClose} onChanged={onChanged} />);
  return { onClose, onChanged, dialog: screen.getByRole('dialog', { name: 'Programar envío de «Plantilla por planta»' }) };
}

/** The options of a combobox's own list. */
async function optionsOf(box: HTMLElement) {
  const list = await waitFor(() => {
    const id = box.getAttribute('aria-controls');
    const el = id ? document.getElementById(id) : null;
    if (!el) throw new Error('no list yet');
    return el;
  });
  return within(list);
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  const box = within(dialog).getByRole('combobox', { name: label });
  await userEvent.click(box);
  await userEvent.click(await (await optionsOf(box)).findByRole('option', { name: option, hidden: true }));
}

/** Finds people by typing and picks one of the answers. */
async function addRecipient(dialog: HTMLElement, typed: string, option: string) {
  const search = within(dialog).getByRole('combobox', { name: 'Destinatarios' });
  await userEvent.clear(search);
  await userEvent.type(search, typed);
  await userEvent.click(await (await optionsOf(search)).findByRole('option', { name: option, hidden: true }, { timeout: 3000 }));
}

const weekly = (extra: Partial<Programacion> = {}): Programacion => ({
  frecuencia: 'semanal',
  dia: 1,
  formato: 'xlsx',
  destinatarios: [{ cve_empleado: 10, nombre_empleado: 'Jorge Salinas Cantú', correo_empleado: 'supervisor@sierramadre.mx' }],
  proximo_envio: '2026-11-30',
  ...extra,
});

beforeAll(async () => {
  await setupI18n('report-builder');
});
beforeEach(() => {
  clearAlerts();
  notifications.clean();
  resetLogoutState();
  setSession(TOKEN, { cve_empleado: 2, nombre_empleado: 'Carlos Ruiz Treviño', secciones: ['reportes.reporteador', 'reportes.guardados'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the schedule’s rules', () => {
  const schema = scheduleSchema((key, options) => `${key}${options?.max ? `:${String(options.max)}` : ''}`);
  const recipient = { cve_empleado: 1, nombre: 'Ana', correo: null };
  const messages = (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
  };

  it('takes a weekday for a weekly schedule and days 1–28 for a monthly one', () => {
    expect(lastDayOf('semanal')).toBe(7);
    expect(messages({ frecuencia: 'semanal', dia: 7, formato: 'xlsx', destinatarios: [recipient] })).toEqual([]);
    expect(messages({ frecuencia: 'semanal', dia: 8, formato: 'xlsx', destinatarios: [recipient] })).toEqual(['dia report-builder:validation.weekday:28']);
    expect(messages({ frecuencia: 'mensual', dia: 28, formato: 'csv', destinatarios: [recipient] })).toEqual([]);
    expect(messages({ frecuencia: 'mensual', dia: 29, formato: 'csv', destinatarios: [recipient] })).toEqual(['dia report-builder:validation.month_day:28']);
    expect(messages({ frecuencia: 'mensual', dia: 0, formato: 'pdf', destinatarios: [recipient] })).toEqual(['dia report-builder:validation.month_day:28']);
  });

  it('takes one to fifty recipients', () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ ...recipient, cve_empleado: i + 1 }));
    expect(messages({ frecuencia: 'semanal', dia: 1, formato: 'xlsx', destinatarios: [] })).toEqual(['destinatarios report-builder:validation.recipients_min']);
    expect(messages({ frecuencia: 'semanal', dia: 1, formato: 'xlsx', destinatarios: many.slice(0, 50) })).toEqual([]);
    expect(messages({ frecuencia: 'semanal', dia: 1, formato: 'xlsx', destinatarios: many })).toEqual(['destinatarios report-builder:validation.recipients_max:50']);
  });
});

describe('Programar envío', () => {
  it('asks for at least one recipient before sending anything', async () => {
    const fetches = api();
    const { dialog } = open();
    expect(within(dialog).getByRole('radio', { name: 'Semanal' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Día de la semana' })).toHaveValue('Lunes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Agrega al menos un destinatario')).toBeInTheDocument();
    expect(fetches.callsTo('PUT', PROGRAMACION)).toHaveLength(0);
  });

  it('finds people from four characters and sends the frequency, day, format and chosen people', async () => {
    const fetches = api();
    const { dialog, onChanged, onClose } = open();
    const search = within(dialog).getByRole('combobox', { name: 'Destinatarios' });
    await userEvent.type(search, 'Jor');
    expect(await screen.findByText('Escribe al menos 4 caracteres')).toBeInTheDocument();
    expect(fetches.callsTo('GET', OPCIONES)).toHaveLength(0);
    await addRecipient(dialog, 'Jorge', 'Jorge Salinas Cantú (E000010)');
    expect(search).toHaveValue('');
    await addRecipient(dialog, 'Jorge', 'Jorge Castillo Cruz (E001218)');
    const chosen = within(dialog).getByTestId('schedule-recipients');
    expect(within(chosen).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Jorge Salinas Cantú', 'Jorge Castillo Cruz(sin correo)']);
    expect(within(dialog).getByTestId('schedule-recipient-count')).toHaveTextContent('2 de 50 destinatarios');
    await userEvent.click(within(chosen).getByRole('button', { name: 'Quitar a Jorge Salinas Cantú' }));
    await waitFor(() => expect(within(chosen).getByRole('button', { name: 'Quitar a Jorge Castillo Cruz' })).toHaveFocus());
    await addRecipient(dialog, 'Salinas', 'Jorge Salinas Cantú (E000010)');

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Mensual' }));
    await choose(dialog, 'Día del mes', '15');
    await choose(dialog, 'Formato del archivo', 'PDF (.pdf)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fetches.callsTo('PUT', PROGRAMACION)).toHaveLength(1));
    expect(fetches.callsTo('PUT', PROGRAMACION)[0]?.body).toEqual({ frecuencia: 'mensual', dia: 15, formato: 'pdf', destinatarios: [218, 10] });
    expect(onChanged).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a schedule’s next delivery; a monthly day past the 7th turns into Monday when it becomes weekly', async () => {
    api();
    const { dialog } = open(weekly({ frecuencia: 'mensual', dia: 20, formato: 'csv', proximo_envio: '2026-12-20', ultimo_envio: '2026-11-20' }));
    expect(within(dialog).getByTestId('schedule-next')).toHaveTextContent('Próximo envío: domingo, 20 de diciembre de 2026');
    expect(within(dialog).getByTestId('schedule-next')).toHaveTextContent('Último envío: 20/11/2026');
    expect(within(dialog).getByRole('combobox', { name: 'Día del mes' })).toHaveValue('20');
    expect(within(dialog).getByRole('combobox', { name: 'Formato del archivo' })).toHaveValue('CSV (.csv)');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Semanal' }));
    expect(within(dialog).getByRole('combobox', { name: 'Día de la semana' })).toHaveValue('Lunes');
    const box = within(dialog).getByRole('combobox', { name: 'Día de la semana' });
    await userEvent.click(box);
    expect((await (await optionsOf(box)).findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual([
      'Lunes',
      'Martes',
      'Miércoles',
      'Jueves',
      'Viernes',
      'Sábado',
      'Domingo',
    ]);
  });

  it('takes the schedule away', async () => {
    const fetches = api();
    const { dialog, onChanged } = open(weekly());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar programación' }));
    await waitFor(() => expect(fetches.callsTo('DELETE', PROGRAMACION)).toHaveLength(1));
    expect(onChanged).toHaveBeenCalled();
  });

  it('has no search once fifty people are chosen', async () => {
    api();
    const destinatarios = Array.from({ length: 50 }, (_, i) => ({ cve_empleado: i + 1, nombre_empleado: `Persona ${i + 1}`, correo_empleado: `p${i + 1}@x.mx` }));
    const { dialog } = open(weekly({ destinatarios }));
    expect(within(dialog).getByRole('combobox', { name: 'Destinatarios' })).toBeDisabled();
    expect(within(dialog).getByTestId('schedule-recipient-count')).toHaveTextContent('50 de 50 destinatarios');
  });

  it('puts the server’s refusal of a recipient under the recipients', async () => {
    api({ [`PUT ${PROGRAMACION}`]: () => jsonResponse({ code: 'reportes.destinatario_sin_correo', resp: 'Jorge Castillo Cruz no tiene correo' }, 400) });
    const { dialog, onClose } = open(weekly());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Jorge Castillo Cruz no tiene correo')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
