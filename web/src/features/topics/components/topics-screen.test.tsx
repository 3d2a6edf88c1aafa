import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider, usePageChromeShape } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { TopicScormContext } from './scorm-slot';
import { TopicsScreen } from './topics-screen';

const TABLE = (result: unknown[]) =>
  jsonResponse({ result, pages: { pages: 1, ultima_page: 1, cantidad_registros: result.length }, columns_with_selects: [] });

const ROWS = [
  {
    cve_tema: 7,
    abreviatura: 'SEG-01',
    nombre_tema: 'Seguridad básica',
    area: '6000 Seguridad',
    tipo: 'Curso',
    modalidad: 'E_LEARNING',
    horas: 3,
    preguntas: 2,
    activo: 1,
    ecommerce: 0,
    precio: 0,
  },
  {
    cve_tema: 8,
    abreviatura: 'ALT-01',
    nombre_tema: 'Trabajo en alturas',
    area: '6000 Seguridad',
    tipo: 'Taller',
    modalidad: 'PRESENCIAL',
    horas: 8,
    preguntas: 0,
    activo: 1,
    ecommerce: 1,
    precio: 150050,
  },
];

const DETAIL = {
  cve_tema: 7,
  abreviatura: 'SEG-01',
  nombre_tema: 'Seguridad básica',
  cve_area: 6000,
  tipo: 'Curso',
  modalidad: 'E_LEARNING',
  modelo_evaluacion: 'conocimiento',
  calificacion_minima: 80,
  activo: 1,
  precio: 0,
  imagen_url: '/api/pri/archivos/temas/7.png',
  prerrequisitos: [],
  etiquetas: [],
  total_preguntas: 2,
  total_actividades: 0,
};

const TOPICS = [
  { cve_tema: 7, abreviatura: 'SEG-01', nombre_tema: 'Seguridad básica', modalidad: 'E_LEARNING' },
  { cve_tema: 8, abreviatura: 'ALT-01', nombre_tema: 'Trabajo en alturas', modalidad: 'PRESENCIAL' },
];

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`POST ${PRI}/catalogos/temas/tabla`]: () => TABLE(ROWS),
    [`POST ${PRI}/catalogos/grupos_temas/tabla`]: () =>
      TABLE([{ id_grupo: 5, nombre: 'Inducción', descripcion: 'Primer día', total_temas: 1, activo: 1 }]),
    [`GET ${PRI}/catalogos/temas/ver_tema/7`]: () => jsonResponse(DETAIL),
    [`GET ${PRI}/catalogos/temas/ver_tema/12`]: () => jsonResponse({ ...DETAIL, cve_tema: 12, nombre_tema: 'Trabajo en alturas II', total_preguntas: 0 }),
    [`GET ${PRI}/catalogos/areas_tematicas`]: () => jsonResponse([{ cve_area: 6000, nombre: 'Seguridad', activo: 1 }]),
    [`GET ${PRI}/catalogos/temas/listar_temas/0`]: () => jsonResponse(TOPICS),
    [`GET ${PRI}/temas/preguntas/7`]: () =>
      jsonResponse([{ id_pregunta: 1, pregunta: '¿Qué es un EPP?', tipo: 'abierta', respuestas: [] }]),
    [`GET ${PRI}/temas/preguntas/12`]: () => jsonResponse([]),
    [`GET ${PRI}/catalogos/grupos_temas/5`]: () =>
      jsonResponse({ id_grupo: 5, nombre: 'Inducción', descripcion: 'Primer día', activo: 1, temas: [{ cve_tema: 7 }] }),
    [`POST ${PRI}/catalogos/grupos_temas`]: () => jsonResponse({ resp: 'Excelente', id_grupo: 6 }),
    [`PUT ${PRI}/catalogos/grupos_temas/5`]: () => jsonResponse({ resp: 'Excelente' }),
    ...extra,
  });
}

/** Stands in for the shell's action bar: the screen's "new" button. */
function NewButton() {
  const { shape, handlers } = usePageChromeShape();
  if (!shape.create) return null;
  return (
    <button type="button" onClick={() => void handlers.current.onNew?.()}>
      {shape.newLabel}
    </button>
  );
}

function renderScreen(path = '/menu/listar_temas') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <PageChromeProvider>
        <NewButton />
        <TopicsScreen />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

async function pick(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
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

describe('topics tab', () => {
  it('shows the topics table with free and priced topics and opens a topic with "Ver"', async () => {
    const api = serve();
    renderScreen();
    const row = (await screen.findByText('Seguridad básica')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Gratis')).toBeInTheDocument();
    expect(within(row).getByText('E-learning')).toBeInTheDocument();
    const priced = screen.getByText('Trabajo en alturas').closest('tr') as HTMLElement;
    expect(priced).toHaveTextContent('$1,500.50');
    expect(api.callsTo('POST', `${PRI}/catalogos/temas/tabla`)[0]?.body).toMatchObject({ order: 'nombre_tema', page: 1 });

    await userEvent.click(within(row).getByRole('button', { name: 'Ver Seguridad básica' }));
    const drawer = await screen.findByRole('dialog', { name: 'Seguridad básica' });
    expect(await within(drawer).findByRole('tab', { name: 'Datos' })).toHaveAttribute('aria-selected', 'true');
    expect(within(drawer).getByRole('textbox', { name: /^Calificación mínima aprobatoria/ })).toHaveValue('80');

    await userEvent.click(within(drawer).getByRole('tab', { name: /Preguntas/ }));
    expect(await within(drawer).findByText('¿Qué es un EPP?')).toBeInTheDocument();
    expect(within(drawer).getByRole('tab', { name: /Actividades/ })).toBeInTheDocument();
  });

  it("opens 'Nuevo tema' from the shell and continues to the new topic's questions after saving", async () => {
    const api = serve({ [`POST ${PRI}/catalogos/temas/crear_tema`]: () => jsonResponse({ resp: 'Excelente', cve_tema: 12 }) });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo tema' }));
    const drawer = await screen.findByRole('dialog', { name: 'Nuevo tema' });
    await userEvent.type(within(drawer).getByRole('textbox', { name: /^Abreviatura/ }), 'ALT-02');
    await userEvent.type(within(drawer).getByRole('textbox', { name: /^Nombre del tema/ }), 'Trabajo en alturas II');
    await pick(/^Tipo/, 'Curso');
    await pick(/^Área temática/, '6000 Seguridad');
    await userEvent.upload(within(drawer).getByLabelText(/^Imagen principal/), new File(['png'], 'a.png', { type: 'image/png' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Crear tema' }));

    // Saving, then loading the new topic: more than findBy's default second on a busy machine.
    expect(await screen.findByRole('dialog', { name: 'Trabajo en alturas II' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Este tema aún no tiene preguntas')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Preguntas/ })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo('POST', `${PRI}/catalogos/temas/crear_tema`)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/catalogos/temas/tabla`).length).toBeGreaterThan(1));
  });

  it('opens the topic named in the address (ver_tema) on the asked tab', async () => {
    serve();
    renderScreen('/menu/listar_temas?tema=7&pestana=preguntas');
    const drawer = await screen.findByRole('dialog', { name: 'Seguridad básica' });
    expect(await within(drawer).findByText('¿Qué es un EPP?')).toBeInTheDocument();
  });

  it("shows the 'Material SCORM' tab only when the app provides it, with the topic's key", async () => {
    serve();
    renderWithProviders(
      <MemoryRouter initialEntries={['/menu/listar_temas?tema=7&pestana=scorm']}>
        <PageChromeProvider>
          <TopicScormContext value={(cve) => <p>{`material scorm del tema ${cve}`}</p>}>
            <TopicsScreen />
          </TopicScormContext>
        </PageChromeProvider>
      </MemoryRouter>,
    );
    const drawer = await screen.findByRole('dialog', { name: 'Seguridad básica' });
    expect(await within(drawer).findByRole('tab', { name: 'Material SCORM' })).toHaveAttribute('aria-selected', 'true');
    expect(within(drawer).getByText('material scorm del tema 7')).toBeInTheDocument();
  });

  it('has no SCORM tab without the scorm feature', async () => {
    serve();
    renderScreen('/menu/listar_temas?tema=7');
    const drawer = await screen.findByRole('dialog', { name: 'Seguridad básica' });
    await within(drawer).findByRole('tab', { name: 'Datos' });
    expect(within(drawer).queryByRole('tab', { name: 'Material SCORM' })).not.toBeInTheDocument();
  });
});

describe('topic groups tab', () => {
  it('creates a group with a name, a description and its topics', async () => {
    const api = serve();
    renderScreen();
    await userEvent.click(await screen.findByRole('tab', { name: 'Grupos de temas' }));
    expect(await screen.findByText('Inducción')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo grupo de temas' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByText('Selecciona al menos un tema')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nombre del grupo/ }), 'Seguridad');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Descripción/ }), 'Temas de seguridad');
    await pick(/^Temas del grupo/, 'SEG-01 · Seguridad básica');
    await pick(/^Temas del grupo/, 'ALT-01 · Trabajo en alturas');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/catalogos/grupos_temas`)).toHaveLength(1));
    expect(api.callsTo('POST', `${PRI}/catalogos/grupos_temas`)[0]?.body).toEqual({
      nombre: 'Seguridad',
      descripcion: 'Temas de seguridad',
      temas: [7, 8],
    });
  });

  it('edits a group from its stored topics and sends activo', async () => {
    const api = serve();
    renderScreen();
    await userEvent.click(await screen.findByRole('tab', { name: 'Grupos de temas' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Inducción' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar grupo de temas' });
    await userEvent.click(await within(dialog).findByRole('switch', { name: 'Activo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('PUT', `${PRI}/catalogos/grupos_temas/5`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${PRI}/catalogos/grupos_temas/5`)[0]?.body).toEqual({
      nombre: 'Inducción',
      descripcion: 'Primer día',
      temas: [7],
      activo: 0,
    });
  });
});
