import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { TopicDetail } from '../api/get-topic';
import { TopicForm } from './topic-form';

const AREAS = [
  { cve_area: 1000, nombre: 'Producción general', activo: 1 },
  { cve_area: 6000, nombre: 'Seguridad', activo: 1 },
];
const TOPICS = [
  { cve_tema: 3, abreviatura: 'SEG-01', nombre_tema: 'Seguridad básica', modalidad: 'PRESENCIAL' },
  { cve_tema: 4, abreviatura: 'EXT-01', nombre_tema: 'Extintores', modalidad: 'E_LEARNING' },
];

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`GET ${PRI}/catalogos/areas_tematicas`]: () => jsonResponse(AREAS),
    [`GET ${PRI}/catalogos/temas/listar_temas/0`]: () => jsonResponse(TOPICS),
    [`POST ${PRI}/catalogos/temas/crear_tema`]: () => jsonResponse({ resp: 'Excelente', cve_tema: 12 }),
    ...extra,
  });
}

function png(name = 'portada.png', size?: number): File {
  const file = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function pick(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** Fills the required fields of a new topic. */
async function fillRequired() {
  await userEvent.type(screen.getByRole('textbox', { name: /^Abreviatura/ }), 'SEG-02');
  await userEvent.type(screen.getByRole('textbox', { name: /^Nombre del tema/ }), 'Trabajo en alturas');
  await pick(/^Tipo/, 'Taller');
  await pick(/^Área temática/, '6000 Seguridad');
  await userEvent.upload(screen.getByLabelText(/^Imagen principal/), png());
}

function sentTopic(call: RecordedCall | undefined): { datos: Record<string, unknown>; form: FormData } {
  const form = call?.body as FormData;
  expect(form).toBeInstanceOf(FormData);
  return { datos: JSON.parse(String(form.get('datos'))) as Record<string, unknown>, form };
}

beforeAll(async () => {
  await setupI18n('topics');
});
beforeEach(() => {
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), {
    cve_empleado: 1,
    nombre_empleado: 'Admin',
    idperfil: 1,
    secciones: ['catalogos.temas'],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('new topic form', () => {
  it('requires abbreviation, name, type, thematic area and the main image before calling the server', async () => {
    const api = serve();
    renderWithProviders(<TopicForm topic={null} onSaved={() => undefined} onCancel={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Crear tema' }));
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(4);
    expect(screen.getByText('La imagen principal es obligatoria')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Abreviatura/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', `${PRI}/catalogos/temas/crear_tema`)).toHaveLength(0);
  });

  it('sends every field as multipart datos JSON plus the files, with the price in centavos', async () => {
    const api = serve();
    const onSaved = vi.fn();
    renderWithProviders(<TopicForm topic={null} onSaved={onSaved} onCancel={() => undefined} />);
    await fillRequired();
    // The chosen image is previewed before it is sent.
    expect(await screen.findByRole('img', { name: 'Vista previa de Imagen principal' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );

    await userEvent.click(screen.getByRole('switch', { name: /Tiene prerrequisitos/ }));
    await pick(/^Temas prerrequisito/, 'SEG-01 · Seguridad básica');
    await userEvent.click(screen.getByRole('switch', { name: /Disponible en la tienda en línea/ }));
    const price = screen.getByRole('textbox', { name: /^Precio \(MXN\)/ });
    await userEvent.clear(price);
    await userEvent.type(price, '150.50');
    await userEvent.type(screen.getByRole('combobox', { name: /^Etiquetas/ }), 'alturas{Enter}');
    const manual = new File(['manual'], 'manual.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText(/^Material del participante/), manual);

    await userEvent.click(screen.getByRole('button', { name: 'Crear tema' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(12, true));
    const { datos, form } = sentTopic(api.callsTo('POST', `${PRI}/catalogos/temas/crear_tema`)[0]);
    expect(datos).toEqual({
      abreviatura: 'SEG-02',
      nombre_tema: 'Trabajo en alturas',
      cve_area: 6000,
      tipo: 'Taller',
      modalidad: 'PRESENCIAL',
      dias_duracion: 1,
      horas_sesion: 1,
      meses_certificacion: 0,
      prerrequisito: 1,
      prerrequisitos: [3],
      min_participantes: 1,
      max_participantes: 30,
      requiere_instructor: 1,
      requiere_sala: 1,
      modelo_evaluacion: 'conocimiento',
      calificacion_minima: 70,
      calificacion_minima_practica: null,
      descripcion: '',
      autor: '',
      video: '',
      dias_limite: 0,
      activo: 1,
      ecommerce: 1,
      categoria: '',
      etiquetas: ['alturas'],
      precio: 15050,
    });
    expect((form.get('imagen') as File).name).toBe('portada.png');
    expect((form.get('material_participante') as File).name).toBe('manual.pdf');
    expect(form.get('material_instructor')).toBeNull();
  });

  it('shows the prerequisite picker only while the prerequisite flag is on', async () => {
    serve();
    renderWithProviders(<TopicForm topic={null} onSaved={() => undefined} onCancel={() => undefined} />);
    expect(screen.queryByRole('combobox', { name: /^Temas prerrequisito/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: /Tiene prerrequisitos/ }));
    expect(screen.getByRole('combobox', { name: /^Temas prerrequisito/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Crear tema' }));
    expect(await screen.findByText('Selecciona al menos un tema prerrequisito')).toBeInTheDocument();
  });

  it('offers the pass marks of each evaluation model with the spec defaults and ranges', async () => {
    serve();
    renderWithProviders(<TopicForm topic={null} onSaved={() => undefined} onCancel={() => undefined} />);
    expect(screen.getByRole('textbox', { name: /^Calificación mínima aprobatoria/ })).toHaveValue('70');

    await userEvent.click(screen.getByRole('radio', { name: /Teórico y práctico/ }));
    expect(screen.getByRole('textbox', { name: /^Calificación mínima teórica/ })).toHaveValue('7');
    expect(screen.getByRole('textbox', { name: /^Calificación mínima práctica/ })).toHaveValue('3');
    const practice = screen.getByRole('textbox', { name: /^Calificación mínima práctica/ });
    await userEvent.clear(practice);
    await userEvent.type(practice, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Crear tema' }));
    expect(await screen.findByText('Captura un valor entre 1 y 5')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Sin evaluación/ }));
    expect(screen.queryByRole('textbox', { name: /^Calificación mínima/ })).not.toBeInTheDocument();
  });

  it('rejects an image over 8 MB or of another type on the client', async () => {
    const api = serve();
    renderWithProviders(<TopicForm topic={null} onSaved={() => undefined} onCancel={() => undefined} />);
    const input = screen.getByLabelText(/^Imagen principal/);
    await userEvent.upload(input, png('enorme.png', 8 * 1024 * 1024 + 1));
    expect(await screen.findByText('El archivo debe pesar 8 MB o menos')).toBeInTheDocument();
    await userEvent.upload(input, new File(['x'], 'foto.webp', { type: 'image/webp' }), { applyAccept: false });
    expect(await screen.findByText('La imagen debe ser PNG, GIF o JPEG')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/catalogos/temas/crear_tema`)).toHaveLength(0);
  });

  it("puts the server's 409 duplicate message on the abbreviation field", async () => {
    const api = serve({
      [`POST ${PRI}/catalogos/temas/crear_tema`]: () =>
        jsonResponse({ resp: 'Ya existe un tema con la abreviatura SEG-02', code: 'duplicado.abreviatura' }, 409),
    });
    const onSaved = vi.fn();
    renderWithProviders(<TopicForm topic={null} onSaved={onSaved} onCancel={() => undefined} />);
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Crear tema' }));
    const abbreviation = screen.getByRole('textbox', { name: /^Abreviatura/ });
    await waitFor(() => expect(abbreviation).toHaveAttribute('aria-invalid', 'true'));
    expect(abbreviation).toHaveAccessibleDescription(expect.stringContaining('Ya existe un tema con la abreviatura SEG-02'));
    // Said once, next to the field: no general alert repeats it.
    expect(screen.getAllByText('Ya existe un tema con la abreviatura SEG-02')).toHaveLength(1);
    expect(screen.queryByText('Cambio de plan')).not.toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/catalogos/temas/crear_tema`)).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('topic data form', () => {
  const STORED: TopicDetail = {
    cve_tema: 7,
    abreviatura: 'SEG-01',
    nombre_tema: 'Seguridad básica',
    cve_area: 6000,
    tipo: 'Curso',
    modalidad: 'E_LEARNING',
    dias_duracion: 2,
    horas_sesion: 1.5,
    meses_certificacion: 12,
    prerrequisito: 0,
    prerrequisitos: [],
    min_participantes: 5,
    max_participantes: 20,
    requiere_instructor: 0,
    requiere_sala: 0,
    modelo_evaluacion: 'teorico_practico',
    calificacion_minima: 8,
    calificacion_minima_practica: 4,
    descripcion: 'Bases',
    autor: 'RH',
    video: 'https://video.example/seg',
    dias_limite: 30,
    activo: 1,
    ecommerce: 1,
    categoria: 'Seguridad',
    etiquetas: ['epp'],
    precio: 19900,
    imagen_url: '/api/pri/archivos/temas/7.png',
  };

  it('loads the stored values, keeps the image optional and PUTs without files when none changed', async () => {
    const api = serve({ [`PUT ${PRI}/catalogos/temas/7`]: () => jsonResponse({ resp: 'Excelente' }) });
    const onSaved = vi.fn();
    renderWithProviders(<TopicForm topic={STORED} onSaved={onSaved} onCancel={() => undefined} />);
    expect(screen.getByRole('textbox', { name: /^Precio \(MXN\)/ })).toHaveValue('$ 199');
    expect(screen.getByRole('img', { name: 'Vista previa de Imagen principal' })).toHaveAttribute('src', '/api/pri/archivos/temas/7.png');
    expect(screen.getByRole('textbox', { name: /^Calificación mínima teórica/ })).toHaveValue('8');

    const max = screen.getByRole('textbox', { name: /^Máximo de participantes/ });
    await userEvent.clear(max);
    await userEvent.type(max, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El máximo de participantes no puede ser menor que el mínimo')).toBeInTheDocument();
    await userEvent.clear(max);
    await userEvent.type(max, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(7, false));
    const { datos, form } = sentTopic(api.callsTo('PUT', `${PRI}/catalogos/temas/7`)[0]);
    expect(datos).toMatchObject({
      abreviatura: 'SEG-01',
      modalidad: 'E_LEARNING',
      horas_sesion: 1.5,
      max_participantes: 25,
      requiere_instructor: 0,
      modelo_evaluacion: 'teorico_practico',
      calificacion_minima: 8,
      calificacion_minima_practica: 4,
      etiquetas: ['epp'],
      precio: 19900,
    });
    expect(form.get('imagen')).toBeNull();
    expect(await screen.findByText('Excelente')).toBeInTheDocument();
  });
});
