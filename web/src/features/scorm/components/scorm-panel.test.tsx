import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { resetRealtime, setSocketFactory, startRealtime } from '@/lib/socket';
import { fakeSocketFactory } from '@/test/fake-socket';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { PaqueteScorm } from '../api/types';
import { TopicScormPanel } from './scorm-panel';

const TOKEN = fakeJwt({ cve_empleado: 1, kind: 'sesion' });
const URL_ = `${PRI}/catalogos/temas/7/scorm`;

const PAQUETE: PaqueteScorm = {
  id_paquete: 3,
  cve_tema: 7,
  clave_scorm: 'montacargas-12',
  version: '1.2',
  edicion: null,
  titulo: 'Operación segura de montacargas',
  revision: 1,
  intentos: 0,
  archivos: 4,
  bytes: 52_000,
  items: [
    { id: 'MOD-1', titulo: 'Módulo 1', nivel: 0, href: null },
    { id: 'ITEM-1', titulo: 'Inspección previa', nivel: 1, href: 'index.html' },
  ],
  dominio: 80,
  subido_por: 'Admin Sierra Madre',
  actualizado: '2026-05-14T16:00:00Z',
};

/** An XMLHttpRequest stand-in: records the request and lets the test drive upload and answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers = new Map<string, string>();
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  sent(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  uploaded() {
    this.upload.onload?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function xhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no upload was sent');
  return FakeXhr.last;
}

let sockets: ReturnType<typeof fakeSocketFactory>;
let stored: PaqueteScorm | null;

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`GET ${URL_}`]: () => (stored ? jsonResponse(stored) : jsonResponse({ resp: 'El tema no tiene paquete SCORM', code: 'scorm.sin_paquete' }, 404)),
    ...extra,
  });
}

const zip = (name = 'montacargas.zip', size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/zip' });

beforeAll(async () => {
  await setupI18n('scorm');
});
beforeEach(() => {
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  resetRealtime();
  sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
  setSession(TOKEN, { cve_empleado: 1, nombre_empleado: 'Admin', idperfil: 1, secciones: ['catalogos.temas'] });
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  stored = null;
});
afterEach(() => {
  resetRealtime();
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

describe("a topic's Material SCORM", () => {
  it('uploads a first package showing upload, request sent, processing and created, live', async () => {
    serve();
    startRealtime(TOKEN);
    sockets.last().acceptHandshake();
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<TopicScormPanel cveTema={7} />);
    expect(await screen.findByText('El tema no tiene paquete SCORM')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Archivo .zip del paquete a cargar'), new File(['x'], 'curso.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('El paquete debe ser un archivo .zip')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Archivo .zip del paquete a cargar'), zip());
    await user.click(screen.getByRole('button', { name: 'Subir paquete' }));

    const request = xhr();
    expect([request.method, request.url]).toEqual(['POST', URL_]);
    expect(request.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(request.headers.get('Accept-Language')).toBe('es');
    const idCarga = request.body?.get('id_carga');
    expect(typeof idCarga).toBe('string');
    expect((request.body?.get('archivo') as File).name).toBe('montacargas.zip');
    // id_carga goes before the file, so the server knows it while the bytes stream in.
    expect([...(request.body?.keys() ?? [])]).toEqual(['id_carga', 'archivo']);

    act(() => request.sent(512, 2048));
    expect(screen.getByText('Subiendo archivo (25 %)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Avance de la carga' })).toHaveAttribute('aria-valuenow', '25');
    act(() => request.uploaded());
    expect(screen.getByText('Solicitud enviada')).toBeInTheDocument();

    act(() => sockets.last().serverEmit('scorm:progress', { id_carga: 'de-otra-persona', etapa: 'procesando', avance: 90 }));
    expect(screen.getByText('Solicitud enviada')).toBeInTheDocument();
    act(() => sockets.last().serverEmit('scorm:progress', { id_carga: idCarga, etapa: 'procesando', avance: 40 }));
    expect(screen.getByText('Procesando (40 %)')).toBeInTheDocument();
    act(() => sockets.last().serverEmit('scorm:progress', { id_carga: idCarga, etapa: 'guardando', avance: 85 }));
    expect(screen.getByText('Procesando (85 %)')).toBeInTheDocument();

    stored = PAQUETE;
    act(() => request.answer(201, { resp: 'Excelente', creado: true, paquete: PAQUETE }));
    expect(await screen.findByText('Creado')).toBeInTheDocument();
    expect(screen.getByText('Operación segura de montacargas')).toBeInTheDocument();
    expect(screen.getByText('SCORM 1.2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subir nueva versión' })).toBeInTheDocument();
  });

  it('shows the package: version, revision, size, last upload and its table of contents', async () => {
    stored = { ...PAQUETE, version: '2004', edicion: '4th', revision: 2 };
    serve();
    renderWithProviders(<TopicScormPanel cveTema={7} />);
    expect(await screen.findByText('SCORM 2004')).toBeInTheDocument();
    expect(screen.getByText('Edición 4th')).toBeInTheDocument();
    expect(screen.getByText('Revisión 2')).toBeInTheDocument();
    expect(screen.getByText('2 elementos')).toBeInTheDocument();
    expect(screen.getByText(/51 KB · 4 archivos/)).toBeInTheDocument();
    expect(screen.getByText(/por Admin Sierra Madre/)).toBeInTheDocument();
    const toc = screen.getByRole('list', { name: 'Contenido' });
    expect(within(toc).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Módulo 1', 'Inspección previa']);
    expect(within(toc).getByLabelText('Sección')).toBeInTheDocument();
  });

  it('says Editado when a new version replaces the package', async () => {
    stored = PAQUETE;
    serve();
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<TopicScormPanel cveTema={7} />);
    await screen.findByText('Operación segura de montacargas');
    await user.upload(screen.getByLabelText('Archivo .zip del paquete a cargar'), zip('montacargas-v2.zip'));
    await user.click(screen.getByRole('button', { name: 'Subir paquete' }));
    const next = { ...PAQUETE, revision: 2, titulo: 'Operación segura de montacargas (v2)' };
    stored = next;
    act(() => xhr().answer(200, { resp: 'Excelente', creado: false, paquete: next }));
    expect(await screen.findByText('Editado')).toBeInTheDocument();
    expect(screen.getByText('Revisión 2')).toBeInTheDocument();
  });

  it("shows the server's message when the package is refused, and keeps the topic as it was", async () => {
    serve();
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<TopicScormPanel cveTema={7} />);
    await screen.findByText('El tema no tiene paquete SCORM');
    await user.upload(screen.getByLabelText('Archivo .zip del paquete a cargar'), zip('bomba.zip'));
    await user.click(screen.getByRole('button', { name: 'Subir paquete' }));
    act(() => xhr().uploaded());
    act(() => xhr().answer(422, { resp: 'El paquete tiene una proporción de compresión sospechosa', code: 'scorm.proporcion_sospechosa' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar el paquete');
    expect(alert).toHaveTextContent('El paquete tiene una proporción de compresión sospechosa');
    expect(screen.getByText('El tema no tiene paquete SCORM')).toBeInTheDocument();
    expect(screen.queryByText('Solicitud enviada')).not.toBeInTheDocument();
  });

  it('asks for the file before uploading', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<TopicScormPanel cveTema={7} />);
    await screen.findByText('El tema no tiene paquete SCORM');
    await user.click(screen.getByRole('button', { name: 'Subir paquete' }));
    expect(screen.getByText('Elige el archivo .zip del paquete')).toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
  });

  it('saves the attempts per participant (0 = unlimited) and refuses a negative or fractional value', async () => {
    stored = PAQUETE;
    const api = serve({
      [`PUT ${URL_}`]: (call) => {
        stored = { ...PAQUETE, intentos: (call.body as { intentos: number }).intentos };
        return jsonResponse(stored);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TopicScormPanel cveTema={7} />);
    const input = await screen.findByRole('textbox', { name: 'Intentos por participante' });
    const save = screen.getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();
    await user.clear(input);
    await user.type(input, '150');
    expect(screen.getByText('De 0 a 99 intentos.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(input);
    await user.type(input, '3');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT', URL_)[0]?.body).toEqual({ intentos: 3 }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Intentos por participante' })).toHaveValue('3'));
  });

  it('deletes the package after confirming, and shows the 409 when learners already have attempts', async () => {
    stored = PAQUETE;
    let learners = true;
    const api = serve({
      [`DELETE ${URL_}`]: () => {
        if (learners) return jsonResponse({ resp: 'El paquete ya tiene intentos de participantes', code: 'scorm.con_intentos' }, 409);
        stored = null;
        return jsonResponse({ resp: 'Excelente' });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TopicScormPanel cveTema={7} />);
    await user.click(await screen.findByRole('button', { name: 'Eliminar paquete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar el paquete SCORM' });
    expect(dialog).toHaveTextContent('«Operación segura de montacargas»');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar paquete' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['El paquete ya tiene intentos de participantes']));
    expect(screen.getByText('Operación segura de montacargas')).toBeInTheDocument();

    learners = false;
    await user.click(screen.getByRole('button', { name: 'Eliminar paquete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar paquete' }));
    expect(await screen.findByText('El tema no tiene paquete SCORM')).toBeInTheDocument();
    expect(api.callsTo('DELETE', URL_)).toHaveLength(2);
  });
});
