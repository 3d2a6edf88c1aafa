import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { loadErrorCatalogue } from '@/lib/i18n';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { UploadRecord } from '../api/types';
import { LoadWizard } from './load-wizard';

const TOKEN = fakeJwt({ cve_empleado: 30, kind: 'sesion' });
const CURP = 'MELR900101MDFNNS09';
const EMPLOYEE = `${PRI}/catalogos/empleados/getByCurpTotal/${CURP}`;
const TOPICS = `${PRI}/catalogos/temas/getTemaNombre`;
const DC3 = `${PRI}/proveedor/dc3`;
const ALTA = `${PRI}/proveedor/alta`;
const SHEET = `${PRI}/proveedor/alta/archivo`;
const TEMPLATE = `${PRI}/proveedor/plantilla`;

const TOPIC = { cve_tema: 12, nombre_tema: 'Trabajos en altura', abreviatura: 'NOM-009', modalidad: 'PRESENCIAL', meses_certificacion: 12 };
const FOREVER = { cve_tema: 13, nombre_tema: 'Inducción general', abreviatura: 'IND', modalidad: 'E_LEARNING', meses_certificacion: 0 };

function serve(extra: Record<string, (call: RecordedCall) => Response | Promise<Response>> = {}) {
  return mockFetch({
    [`GET ${EMPLOYEE}`]: () => jsonResponse({ res: [{ curp: CURP, nombre_empleado: 'Rosa Méndez Luna', cve_empleado: 41 }] }),
    [`POST ${TOPICS}`]: (call) => {
      const term = String((call.body as { nombre_tema: string }).nombre_tema).toLowerCase();
      const list = [TOPIC, FOREVER].filter((x) => `${x.abreviatura} ${x.nombre_tema}`.toLowerCase().includes(term));
      return jsonResponse({ res: list.length ? 'Excelente' : 'Tema no encontrado', list });
    },
    [`POST ${DC3}`]: () => jsonResponse({ resp: 'Excelente', url: 'certificaciones/dc3/55.pdf' }),
    [`POST ${ALTA}`]: () => jsonResponse({ resp: 'Excelente', cargados: 1, errors: 0, errores: [] }),
    ...extra,
  });
}

function renderWizard() {
  const onClose = vi.fn();
  const onLoaded = vi.fn();
  renderWithProviders(<LoadWizard opened onClose={onClose} onLoaded={onLoaded} />);
  return { onClose, onLoaded };
}

const wizard = () => screen.getByRole('dialog', { name: 'Cargar certificaciones' });

async function choose(type: 'Masivo' | 'Empleados') {
  await userEvent.click(await screen.findByRole('radio', { name: type }));
  await userEvent.click(within(wizard()).getByRole('button', { name: 'Siguiente' }));
}

async function findEmployee() {
  await userEvent.type(within(wizard()).getByRole('textbox', { name: /CURP del trabajador/ }), `${CURP.toLowerCase()}{Enter}`);
  return within(wizard()).findByTestId('employee-found');
}

async function pickTopic(term: string, option: string) {
  await userEvent.type(within(wizard()).getByRole('combobox', { name: /^Tema/ }), term);
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

function pdf() {
  return new File(['%PDF-1.7'], 'dc3-rosa.pdf', { type: 'application/pdf' });
}

beforeAll(async () => {
  await setupI18n('external-certifications');
  await loadErrorCatalogue('es');
});
beforeEach(() => {
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  setSession(TOKEN, { cve_empleado: 30, nombre_empleado: 'Proveedor', idperfil: 4, secciones: ['plan.certificaciones_externas'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the wizard', () => {
  it('opens later steps only with Siguiente once a type is chosen; Empleados has two steps, Masivo three', async () => {
    serve();
    renderWizard();
    const next = within(wizard()).getByRole('button', { name: 'Siguiente' });
    expect(next).toBeDisabled();
    expect(within(wizard()).getByText('Elige el tipo de carga para continuar')).toBeInTheDocument();
    // The later steps cannot be clicked into.
    await userEvent.click(within(wizard()).getByRole('button', { name: /Plantilla/ }));
    expect(within(wizard()).getByRole('radio', { name: 'Masivo' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Empleados' }));
    expect(within(wizard()).queryByRole('button', { name: /Archivo/ })).toBeNull();
    await userEvent.click(next);
    expect(within(wizard()).getByRole('textbox', { name: /CURP del trabajador/ })).toBeInTheDocument();
    expect(within(wizard()).queryByRole('button', { name: 'Siguiente' })).toBeNull();

    await userEvent.click(within(wizard()).getByRole('button', { name: 'Volver' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Masivo' }));
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Siguiente' }));
    expect(within(wizard()).getByRole('button', { name: 'Descargar plantilla' })).toBeInTheDocument();
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Siguiente' }));
    expect(within(wizard()).getByLabelText(/Archivo de certificaciones/)).toBeInTheDocument();
  });
});

describe('Empleados', () => {
  it('searches the whole CURP on Enter and says so when there is no such employee (sic: Empelado)', async () => {
    const api = serve({ [`GET ${EMPLOYEE}`]: () => jsonResponse({ res: [] }) });
    renderWizard();
    await choose('Empleados');
    const curp = within(wizard()).getByRole('textbox', { name: /CURP del trabajador/ });
    await userEvent.type(curp, 'MELR900101{Enter}');
    expect(within(wizard()).getByText('Escribe la CURP completa: 18 letras y números')).toBeInTheDocument();
    expect(api.callsTo('GET', EMPLOYEE)).toHaveLength(0);
    await userEvent.clear(curp);
    await userEvent.type(curp, CURP);
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Buscar' }));
    expect(await within(wizard()).findByText('Empelado no encontrado')).toBeInTheDocument();
    expect(api.callsTo('GET', EMPLOYEE)).toHaveLength(1);
  });

  it('searches topics only above 3 characters, after a pause, and says "Tema no encontrado"', async () => {
    const api = serve();
    renderWizard();
    await choose('Empleados');
    const topic = within(wizard()).getByRole('combobox', { name: /^Tema/ });
    await userEvent.type(topic, 'NOM');
    await new Promise((r) => setTimeout(r, 500));
    expect(api.callsTo('POST', TOPICS)).toHaveLength(0);
    await userEvent.clear(topic);
    await userEvent.type(topic, 'soldadura');
    await waitFor(() => expect(within(wizard()).getAllByText('Tema no encontrado').length).toBeGreaterThan(0));
    // One request for the whole word, not one per keystroke.
    expect(api.callsTo('POST', TOPICS).map((c) => c.body)).toEqual([{ nombre_tema: 'soldadura' }]);
  });

  it('works out the read-only validity from the topic, refuses a future date, and processes only when complete', async () => {
    serve();
    renderWizard();
    await choose('Empleados');
    const vigencia = within(wizard()).getByRole('textbox', { name: /Fecha de vigencia/ });
    expect(vigencia).toHaveAttribute('readonly');
    const fecha = within(wizard()).getByLabelText(/Fecha de acreditación/);
    await userEvent.clear(fecha);
    await userEvent.type(fecha, '2025-03-10');
    // No topic yet: two years.
    expect(vigencia).toHaveValue('10/03/2027');
    const process = within(wizard()).getByRole('button', { name: 'Procesar' });
    expect(process).toBeDisabled();
    expect(within(wizard()).getByText('Para procesar hace falta el trabajador, el tema y la constancia DC-3.')).toBeInTheDocument();

    expect(await findEmployee()).toHaveTextContent('Rosa Méndez Luna');
    await pickTopic('NOM-0', 'NOM-009 · Trabajos en altura');
    expect(vigencia).toHaveValue('10/03/2026');
    expect(within(wizard()).getByText('12 meses de vigencia')).toBeInTheDocument();
    expect(process).toBeDisabled();
    await userEvent.upload(within(wizard()).getByLabelText(/^Constancia DC-3 \(PDF\)/), pdf());
    expect(process).toBeEnabled();

    const tomorrow = format(new Date(Date.now() + 36 * 3600 * 1000), 'yyyy-MM-dd');
    await userEvent.clear(fecha);
    await userEvent.type(fecha, tomorrow);
    expect(within(wizard()).getByText('La fecha de acreditación no puede ser posterior a hoy')).toBeInTheDocument();
    expect(process).toBeDisabled();
  });

  it('confirms the summary with the required checkbox, uploads the DC-3, sends the row and closes', async () => {
    const api = serve();
    const { onClose, onLoaded } = renderWizard();
    await choose('Empleados');
    await findEmployee();
    await pickTopic('induc', 'IND · Inducción general');
    const fecha = within(wizard()).getByLabelText(/Fecha de acreditación/);
    await userEvent.clear(fecha);
    await userEvent.type(fecha, '2026-02-01');
    await userEvent.upload(within(wizard()).getByLabelText(/^Constancia DC-3 \(PDF\)/), pdf());
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Procesar' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirmar certificación' });
    expect(within(confirm).getByText('Rosa Méndez Luna')).toBeInTheDocument();
    expect(within(confirm).getByText('IND · Inducción general')).toBeInTheDocument();
    expect(within(confirm).getByText('Sin vencimiento')).toBeInTheDocument();
    expect(within(confirm).getByText('dc3-rosa.pdf')).toBeInTheDocument();
    const go = within(confirm).getByRole('button', { name: 'Confirmar' });
    expect(go).toBeDisabled();
    expect(api.callsTo('POST', DC3)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('checkbox', { name: 'Confirmo que la información es correcta' }));
    await userEvent.click(go);

    expect(await screen.findByText('La certificación quedó enviada a revisión')).toBeInTheDocument();
    expect((api.callsTo('POST', DC3)[0]?.body as FormData).get('archivo')).toBeInstanceOf(File);
    expect(api.callsTo('POST', ALTA)[0]?.body).toEqual({
      empleados_calificaciones: [
        { CUIL_CUIT_CURP: CURP, Fecha_Realizacion: '2026-02-01', Fecha_Vigencia: '9999-12-31', ID_TEMA: 13, link_dc3: 'certificaciones/dc3/55.pdf' },
      ],
    });
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a refused row by its code in the user language, and keeps the form to fix it', async () => {
    serve({
      [`POST ${ALTA}`]: () =>
        jsonResponse({
          resp: 'Excelente',
          cargados: 0,
          errors: 1,
          errores: [{ indice: 0, curp: CURP, codigo: 'certificados.certificacion_duplicada', mensaje: 'duplicada (server)' }],
        }),
    });
    const { onClose, onLoaded } = renderWizard();
    await choose('Empleados');
    await findEmployee();
    await pickTopic('NOM-0', 'NOM-009 · Trabajos en altura');
    await userEvent.upload(within(wizard()).getByLabelText(/^Constancia DC-3 \(PDF\)/), pdf());
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Procesar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar certificación' });
    await userEvent.click(within(confirm).getByRole('checkbox', { name: 'Confirmo que la información es correcta' }));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    const alert = await within(wizard()).findByRole('alert');
    expect(alert).toHaveTextContent('No se cargó la certificación');
    expect(alert).toHaveTextContent('El trabajador ya tiene registrada esta certificación en esa fecha');
    expect(onLoaded).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(wizard()).getByTestId('employee-found')).toBeInTheDocument();
  });
});

describe('Masivo', () => {
  const rows = (n: number): UploadRecord[] =>
    Array.from({ length: n }, (_, i) => ({ CUIL_CUIT_CURP: `CURP${i}`, Fecha_Realizacion: '2026-01-10', ID_TEMA: 12 }));

  function sheet() {
    return new File(['PK'], 'certificaciones.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  }

  it('downloads the template through the API client, with the session token', async () => {
    const createObjectURL = vi.fn(() => 'blob:plantilla');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const api = serve({
      [`GET ${TEMPLATE}`]: () =>
        new Response('PK', { headers: { 'Content-Disposition': 'attachment; filename="plantilla_certificaciones.xlsx"' } }),
    });
    renderWizard();
    await choose('Masivo');
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Descargar plantilla' }));
    await waitFor(() => expect(clicks).toEqual(['plantilla_certificaciones.xlsx']));
    expect(api.callsTo('GET', TEMPLATE)[0]?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('sends the rows in batches of 100, one after another, and logs each refused row by its spreadsheet row', async () => {
    const batches: number[] = [];
    const api = serve({
      [`POST ${SHEET}`]: () => jsonResponse({ filas: rows(250), total: 250 }),
      [`POST ${ALTA}`]: (call) => {
        const sent = (call.body as { empleados_calificaciones: UploadRecord[] }).empleados_calificaciones;
        batches.push(sent.length);
        // The second batch refuses its 5th row.
        const errores = batches.length === 2 ? [{ indice: 4, curp: sent[4]?.CUIL_CUIT_CURP, codigo: 'certificados.tema_no_encontrado', mensaje: 'x' }] : [];
        return jsonResponse({ resp: 'Excelente', cargados: sent.length - errores.length, errors: errores.length, errores });
      },
    });
    const { onClose, onLoaded } = renderWizard();
    await choose('Masivo');
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Siguiente' }));
    // Not a spreadsheet: refused here.
    await userEvent.upload(within(wizard()).getByLabelText(/Archivo de certificaciones/), new File(['a'], 'datos.csv', { type: 'text/csv' }), {
      applyAccept: false,
    });
    expect(within(wizard()).getByText('Solo se aceptan archivos .xls o .xlsx')).toBeInTheDocument();
    await userEvent.upload(within(wizard()).getByLabelText(/Archivo de certificaciones/), sheet());
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Cargar archivo' }));

    expect(await within(wizard()).findByText('Cargas finalizadas')).toBeInTheDocument();
    expect(batches).toEqual([100, 100, 50]);
    expect((api.callsTo('POST', SHEET)[0]?.body as FormData).get('archivo')).toBeInstanceOf(File);
    expect(within(wizard()).getByText('Se cargaron 249 certificaciones; 1 fila tuvo errores.')).toBeInTheDocument();
    // 100 (offset) + 4 (index) + 2 (header, 1-based) = row 106, with the catalogue's text.
    expect(within(wizard()).getByRole('textbox', { name: 'Errores por fila' })).toHaveValue('Fila 106 · CURP104: Tema no encontrado');
    expect(within(wizard()).getByRole('button', { name: 'Copiar errores' })).toBeInTheDocument();
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('stops at a batch that fails as a whole and names it', async () => {
    let calls = 0;
    serve({
      [`POST ${SHEET}`]: () => jsonResponse({ filas: rows(300), total: 300 }),
      [`POST ${ALTA}`]: () =>
        ++calls === 2 ? jsonResponse({ resp: 'Falla', code: 'http.interno' }, 500) : jsonResponse({ resp: 'Excelente', cargados: 100, errors: 0, errores: [] }),
    });
    const { onLoaded } = renderWizard();
    await choose('Masivo');
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Siguiente' }));
    await userEvent.upload(within(wizard()).getByLabelText(/Archivo de certificaciones/), sheet());
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Cargar archivo' }));
    const alert = await within(wizard()).findByRole('alert');
    expect(alert).toHaveTextContent('!Ups¡ Hubo un problema cargando el archivo, ponte en contacto con tu proveedor.');
    expect(alert).toHaveTextContent('Falló el lote 2 de 3; antes se cargaron 100 certificaciones.');
    expect(calls).toBe(2);
    expect(onLoaded).toHaveBeenCalledTimes(1);
  });

  it('closes with the spec message when every row loads', async () => {
    serve({
      [`POST ${SHEET}`]: () => jsonResponse({ filas: rows(3), total: 3 }),
      [`POST ${ALTA}`]: () => jsonResponse({ resp: 'Excelente', cargados: 3, errors: 0, errores: [] }),
    });
    const { onClose, onLoaded } = renderWizard();
    await choose('Masivo');
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Siguiente' }));
    await userEvent.upload(within(wizard()).getByLabelText(/Archivo de certificaciones/), sheet());
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Cargar archivo' }));
    expect(await screen.findByText('Excelente: Las certificaciones de los empleados fueron cargadas con exito')).toBeInTheDocument();
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's reason when the file cannot be read", async () => {
    const api = serve({
      [`POST ${SHEET}`]: () =>
        jsonResponse({ resp: 'El archivo no tiene las columnas de la plantilla (CUIL_CUIT_CURP, Fecha_Realizacion, ID_TEMA)', code: 'certificados.plantilla_invalida' }, 422),
    });
    renderWizard();
    await choose('Masivo');
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Siguiente' }));
    await userEvent.upload(within(wizard()).getByLabelText(/Archivo de certificaciones/), sheet());
    await userEvent.click(within(wizard()).getByRole('button', { name: 'Cargar archivo' }));
    const alert = await within(wizard()).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo leer el archivo');
    expect(alert).toHaveTextContent('El archivo no tiene las columnas de la plantilla (CUIL_CUIT_CURP, Fecha_Realizacion, ID_TEMA)');
    expect(api.callsTo('POST', ALTA)).toHaveLength(0);
  });
});
