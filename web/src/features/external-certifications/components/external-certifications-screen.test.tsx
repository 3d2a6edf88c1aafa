import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { loadErrorCatalogue } from '@/lib/i18n';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { LogRow } from '../api/types';
import { ExternalCertificationsScreen } from './external-certifications-screen';

const TABLE = `${PRI}/proveedor/log/tabla`;
const TOKEN = fakeJwt({ cve_empleado: 30, kind: 'sesion' });

function row(cve: number, over: Partial<LogRow> = {}): LogRow {
  return {
    cve_log: cve,
    certificado: 'Rosa Méndez Luna',
    num_empleado: 'C-101',
    curp_empleado: 'MELR900101MDFNNS09',
    nombre_tema: 'Trabajos en altura',
    nombre_proveedor: 'Montajes del Norte',
    fecha_realizacion: '2026-10-05',
    fecha_vigencia: '2027-10-05',
    fecha_alta: '2026-11-20',
    link_dc3: 'certificaciones/dc3/1.pdf',
    estado: 'Enviado',
    motivo_rechazo: null,
    ...over,
  };
}

const ROWS: LogRow[] = [
  row(1),
  row(2, { certificado: 'Juan Pérez', link_dc3: '', nombre_tema: 'Espacios confinados' }),
  row(3, { certificado: 'Ana Ruiz', estado: 'Rechazado', motivo_rechazo: 'La DC-3 es ilegible', nombre_tema: 'Soldadura' }),
  row(4, { certificado: 'Luis Gómez', estado: 'Autorizado', nombre_tema: 'Primeros auxilios', fecha_vigencia: '9999-12-31' }),
];

const page = (rows: LogRow[]) =>
  jsonResponse({ result: rows, pages: { pages: 1, ultima_page: 1, cantidad_registros: rows.length }, columns_with_selects: [] });

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`POST ${TABLE}`]: () => page(ROWS),
    ...extra,
  });
}

function signIn(secciones: string[]) {
  setSession(TOKEN, { cve_empleado: 30, nombre_empleado: 'Proveedor', idperfil: 4, secciones });
}

function renderScreen() {
  return renderWithProviders(
    <PageChromeProvider>
      <ExternalCertificationsScreen />
    </PageChromeProvider>,
  );
}

/** The table row of a worker. */
async function rowOf(name: string) {
  const cell = await screen.findByRole('cell', { name });
  return cell.closest('tr') as HTMLElement;
}

function pdf(name = 'dc3.pdf') {
  return new File(['%PDF-1.7'], name, { type: 'application/pdf' });
}

beforeAll(async () => {
  await setupI18n('external-certifications');
  await loadErrorCatalogue('es');
});
beforeEach(() => {
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  signIn(['plan.certificaciones_externas']);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Registros de alta de empleados', () => {
  it('lists the records with their state, and a rejected one with its reason in plain sight', async () => {
    serve();
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Registros de alta de empleados' })).toBeInTheDocument();
    const rejected = await rowOf('Ana Ruiz');
    expect(within(rejected).getByText('Rechazado')).toBeInTheDocument();
    expect(within(rejected).getByText('Motivo: La DC-3 es ilegible')).toBeInTheDocument();
    const authorised = await rowOf('Luis Gómez');
    expect(within(authorised).getByText('Autorizado')).toBeInTheDocument();
    expect(within(authorised).getByText('Sin vencimiento')).toBeInTheDocument();
  });

  it("offers 'cargar' without a DC-3, 'consultar' and 'cambiar' with one, and never 'cambiar' once authorised", async () => {
    serve();
    renderScreen();
    const noDc3 = await rowOf('Juan Pérez');
    expect(within(noDc3).getByRole('button', { name: 'Cargar DC-3 de Juan Pérez: Espacios confinados' })).toBeInTheDocument();
    expect(within(noDc3).queryByRole('button', { name: /^Consultar/ })).toBeNull();
    const withDc3 = await rowOf('Rosa Méndez Luna');
    expect(within(withDc3).getByRole('button', { name: /^Consultar/ })).toBeInTheDocument();
    expect(within(withDc3).getByRole('button', { name: /^Cambiar DC-3 de/ })).toBeInTheDocument();
    expect(within(withDc3).queryByRole('button', { name: /^Cargar DC-3 de/ })).toBeNull();
    const authorised = await rowOf('Luis Gómez');
    expect(within(authorised).getByRole('button', { name: /^Consultar/ })).toBeInTheDocument();
    expect(within(authorised).queryByRole('button', { name: /^Cambiar/ })).toBeNull();
    // A supplier does not review.
    expect(screen.queryByRole('button', { name: /^Autorizar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Rechazar/ })).toBeNull();
  });

  it('filters by state through filtersEXT, with no second state filter in the table', async () => {
    const api = mockFetch({
      [`POST ${TABLE}`]: () =>
        jsonResponse({
          result: ROWS,
          pages: { pages: 1, ultima_page: 1, cantidad_registros: ROWS.length },
          columns_with_selects: [
            { column: 'Empleado', nomfield: 'certificado', tipo: 'text', ordenable: true, input: '', options: [] },
            { column: 'Estado', nomfield: 'estado', tipo: 'select', ordenable: true, input: '', options: [{ value: 'Enviado', label: 'Enviado' }] },
          ],
        }),
    });
    renderScreen();
    await rowOf('Ana Ruiz');
    expect(screen.getByRole('textbox', { name: 'Filtrar por Trabajador' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filtrar por Estado' })).toBeNull();
    expect(api.callsTo('POST', TABLE)[0]?.body).toMatchObject({ filtersEXT: {} });
    await userEvent.click(screen.getByRole('radio', { name: 'Rechazado' }));
    await waitFor(() => expect(api.callsTo('POST', TABLE).at(-1)?.body).toMatchObject({ filtersEXT: { estado: 'Rechazado' }, page: 1 }));
  });
});

describe('the DC-3 of a record', () => {
  it('uploads a PDF first and then attaches its key (crear), says so, closes and reloads the table', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const api = serve({
      [`POST ${PRI}/proveedor/dc3`]: () => jsonResponse({ resp: 'Excelente', url: 'certificaciones/dc3/99.pdf' }),
      [`POST ${PRI}/proveedor/cargarDC3`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    renderScreen();
    await user.click(within(await rowOf('Juan Pérez')).getByRole('button', { name: /^Cargar DC-3 de/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cargar DC-3' });
    const input = within(dialog).getByLabelText(/Constancia DC-3 \(PDF\)/);
    // Not a PDF: refused here, nothing sent.
    await user.upload(input, new File(['x'], 'foto.png', { type: 'image/png' }));
    expect(within(dialog).getByText('Solo se aceptan archivos PDF')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cargar' }));
    expect(api.callsTo('POST', `${PRI}/proveedor/dc3`)).toHaveLength(0);
    // Over 8 MB: refused too.
    const big = pdf('grande.pdf');
    Object.defineProperty(big, 'size', { value: 8 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(within(dialog).getByText('El archivo pesa más de 8 MB')).toBeInTheDocument();
    await user.upload(input, pdf());
    const tablesBefore = api.callsTo('POST', TABLE).length;
    await user.click(within(dialog).getByRole('button', { name: 'Cargar' }));
    expect(await screen.findByText('Carga de DC3 correcta.')).toBeInTheDocument();
    const sent = api.callsTo('POST', `${PRI}/proveedor/dc3`)[0]?.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('archivo') as File).name).toBe('dc3.pdf');
    expect(api.callsTo('POST', `${PRI}/proveedor/cargarDC3`)[0]?.body).toEqual({ cve_log: 2, url: 'certificaciones/dc3/99.pdf' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cargar DC-3' })).toBeNull());
    await waitFor(() => expect(api.callsTo('POST', TABLE).length).toBeGreaterThan(tablesBefore));
  });

  it("replaces it with cambiarDC3 (editar) and says 'Hubo un error cargando el requerimiento' when the save fails", async () => {
    const user = userEvent.setup();
    const api = serve({
      [`POST ${PRI}/proveedor/dc3`]: () => jsonResponse({ resp: 'Excelente', url: 'certificaciones/dc3/100.pdf' }),
      [`POST ${PRI}/proveedor/cambiarDC3`]: () =>
        jsonResponse({ resp: 'La certificación ya fue autorizada y no puede cambiarse', code: 'certificados.certificacion_autorizada' }, 409),
    });
    renderScreen();
    await user.click(within(await rowOf('Ana Ruiz')).getByRole('button', { name: /^Cambiar DC-3 de/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar DC-3' });
    expect(within(dialog).getByText(/El registro rechazado se enviará de nuevo a revisión/)).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText(/Constancia DC-3 \(PDF\)/), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Cargar' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Hubo un error cargando el requerimiento, consulta al proveedor.');
    expect(alert).toHaveTextContent('La certificación ya fue autorizada y no puede cambiarse');
    expect(api.callsTo('POST', `${PRI}/proveedor/cambiarDC3`)[0]?.body).toEqual({ cve_log: 3, url: 'certificaciones/dc3/100.pdf' });
    // The modal stays open with the file, to try again.
    expect(screen.getByRole('dialog', { name: 'Cambiar DC-3' })).toBeInTheDocument();
  });

  it("treats resp 'Error' as a failure and tells a failed file upload apart", async () => {
    const user = userEvent.setup();
    let upload = 0;
    serve({
      [`POST ${PRI}/proveedor/dc3`]: () =>
        ++upload === 1
          ? jsonResponse({ resp: 'La DC-3 debe ser un archivo PDF', code: 'certificados.dc3_no_pdf' }, 415)
          : jsonResponse({ resp: 'Excelente', url: 'certificaciones/dc3/7.pdf' }),
      [`POST ${PRI}/proveedor/cargarDC3`]: () => jsonResponse({ resp: 'Error' }),
    });
    renderScreen();
    await user.click(within(await rowOf('Juan Pérez')).getByRole('button', { name: /^Cargar DC-3 de/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cargar DC-3' });
    await user.upload(within(dialog).getByLabelText(/Constancia DC-3 \(PDF\)/), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Cargar' }));
    const fileAlert = await within(dialog).findByRole('alert');
    expect(fileAlert).toHaveTextContent('Hubo un problema cargando el archivo, por favor vuelve a intentarlo');
    expect(fileAlert).toHaveTextContent('La DC-3 debe ser un archivo PDF');
    await user.click(within(dialog).getByRole('button', { name: 'Cargar' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Hubo un error cargando el requerimiento, consulta al proveedor.'));
    expect(screen.queryByText('Carga de DC3 correcta.')).toBeNull();
  });

  it("'consultar' shows the record titled CERTIFICADO and 'Ver PDF' posts the form with the token in a new tab", async () => {
    const posted: { action: string | null; target: string; fields: Record<string, string> }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push({ action: this.getAttribute('action'), target: this.target, fields: Object.fromEntries([...new FormData(this)].map(([k, v]) => [k, String(v)])) });
    });
    serve();
    renderScreen();
    await userEvent.click(within(await rowOf('Rosa Méndez Luna')).getByRole('button', { name: /^Consultar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'CERTIFICADO' });
    expect(within(dialog).getByText('MELR900101MDFNNS09')).toBeInTheDocument();
    expect(within(dialog).getByText('Montajes del Norte')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver PDF' }));
    expect(posted).toEqual([{ action: '/api/pri/proveedor/log/1/dc3', target: '_blank', fields: { token: TOKEN } }]);
  });
});

describe('the review', () => {
  beforeEach(() => signIn(['plan.certificaciones_externas', 'plan.certificaciones_externas.autorizar']));

  it('authorises a sent record after a confirmation, and keeps it out of reach without a DC-3', async () => {
    const api = serve({
      [`PUT ${PRI}/proveedor/log/1/autorizar`]: () => jsonResponse({ resp: 'Excelente', id_acreditacion: 77 }),
    });
    renderScreen();
    const noDc3 = await rowOf('Juan Pérez');
    expect(within(noDc3).getByRole('button', { name: /^Autorizar/ })).toBeDisabled();
    expect(within(noDc3).getByText('Sin DC-3: no se puede autorizar')).toBeInTheDocument();
    // Reviewed records are not reviewed again.
    expect(within(await rowOf('Ana Ruiz')).queryByRole('button', { name: /^Autorizar/ })).toBeNull();
    expect(within(await rowOf('Luis Gómez')).queryByRole('button', { name: /^Rechazar/ })).toBeNull();

    await userEvent.click(within(await rowOf('Rosa Méndez Luna')).getByRole('button', { name: 'Autorizar la certificación de Rosa Méndez Luna: Trabajos en altura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Autorizar certificación' });
    expect(within(dialog).getByText(/El tema «Trabajos en altura» quedará acreditado en el plan de Rosa Méndez Luna/)).toBeInTheDocument();
    expect(api.callsTo('PUT', `${PRI}/proveedor/log/1/autorizar`)).toHaveLength(0);
    const before = api.callsTo('POST', TABLE).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Autorizar' }));
    expect(await screen.findByText('Certificación autorizada: el tema quedó acreditado')).toBeInTheDocument();
    expect(api.callsTo('PUT', `${PRI}/proveedor/log/1/autorizar`)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('POST', TABLE).length).toBeGreaterThan(before));
  });

  it("shows why an authorisation was refused, in the server's words", async () => {
    serve({
      [`PUT ${PRI}/proveedor/log/1/autorizar`]: () =>
        jsonResponse({ resp: 'La certificación ya fue revisada', code: 'certificados.certificacion_revisada' }, 409),
    });
    renderScreen();
    await userEvent.click(within(await rowOf('Rosa Méndez Luna')).getByRole('button', { name: /^Autorizar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Autorizar certificación' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Autorizar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('La certificación ya fue revisada');
  });

  it('rejects with a required reason of at most 500 characters', async () => {
    const api = serve({
      [`PUT ${PRI}/proveedor/log/1/rechazar`]: () => jsonResponse({ resp: 'Excelente' }),
    });
    renderScreen();
    await userEvent.click(within(await rowOf('Rosa Méndez Luna')).getByRole('button', { name: /^Rechazar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar certificación' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(within(dialog).getByText('Escribe el motivo del rechazo')).toBeInTheDocument();
    expect(api.callsTo('PUT', `${PRI}/proveedor/log/1/rechazar`)).toHaveLength(0);
    const reason = within(dialog).getByRole('textbox', { name: /Motivo del rechazo/ });
    expect(reason).toHaveAttribute('maxlength', '500');
    await userEvent.type(reason, '  La DC-3 no corresponde al tema  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Certificación rechazada')).toBeInTheDocument();
    expect(api.callsTo('PUT', `${PRI}/proveedor/log/1/rechazar`)[0]?.body).toEqual({ motivo: 'La DC-3 no corresponde al tema' });
  });
});
