import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { BlocksScreen } from './blocks-screen';
import { moveItem } from './topic-order';

const TABLE = (result: unknown[]) =>
  jsonResponse({ result, pages: { pages: 1, ultima_page: 1, cantidad_registros: result.length }, columns_with_selects: [] });

const ROWS = [
  {
    id_bloque: 4,
    nombre_bloque: 'Ruta de seguridad',
    nombre_tipo_bloque: 'Ruta de aprendizaje',
    precio: 0,
    fecha_inicio: '2026-03-01',
    fecha_fin: '2026-03-31',
    capacidad_asistencia: 0,
    total_temas: 2,
    modalidad: 'Mixto',
    activo: 1,
  },
  {
    id_bloque: 5,
    nombre_bloque: 'Inducción vacía',
    nombre_tipo_bloque: 'Inducción',
    precio: 50000,
    fecha_inicio: '2026-04-01',
    fecha_fin: '2026-04-02',
    capacidad_asistencia: 25,
    total_temas: 0,
    modalidad: null,
    activo: 1,
  },
];

const BLOCK = {
  id_bloque: 4,
  nombre_bloque: 'Ruta de seguridad',
  id_tipo_bloque: 1,
  nombre_tipo_bloque: 'Ruta de aprendizaje',
  precio: 0,
  descripcion: 'Seguridad',
  fecha_inicio: '2026-03-01',
  fecha_fin: '2026-03-31',
  capacidad_asistencia: 0,
  video: 'https://video.example/ruta',
  activo: 1,
  imagen_url: '/api/pri/archivos/bloques/4.png',
  temas: [
    { cve_tema: 8, nombre: 'Trabajo en alturas', modalidad: 'PRESENCIAL', orden: 2 },
    { cve_tema: 7, nombre: 'Seguridad básica', modalidad: 'E_LEARNING', orden: 1 },
  ],
  modalidad: 'Mixto',
  total_horas: 12.5,
};

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`POST ${PRI}/catalogos/bloques_cursos/tabla`]: () => TABLE(ROWS),
    [`GET ${PRI}/catalogos/bloques_cursos/4`]: () => jsonResponse(BLOCK),
    [`GET ${PRI}/catalogos/bloques_cursos/5`]: () =>
      jsonResponse({ ...BLOCK, id_bloque: 5, nombre_bloque: 'Inducción vacía', temas: [], modalidad: null, total_horas: 0 }),
    [`GET ${PRI}/catalogos/tipos_bloque`]: () => jsonResponse([{ id_tipo_bloque: 1, nombre_tipo_bloque: 'Ruta de aprendizaje', activo: 1 }]),
    [`GET ${PRI}/catalogos/temas/listar_temas/0`]: () =>
      jsonResponse([
        { cve_tema: 7, abreviatura: 'SEG-01', nombre_tema: 'Seguridad básica', modalidad: 'E_LEARNING' },
        { cve_tema: 8, abreviatura: 'ALT-01', nombre_tema: 'Trabajo en alturas', modalidad: 'PRESENCIAL' },
        { cve_tema: 9, abreviatura: 'MON-01', nombre_tema: 'Montacargas', modalidad: 'PRESENCIAL' },
      ]),
    [`PUT ${PRI}/catalogos/bloques_cursos/4/temas`]: () => jsonResponse({ resp: 'Excelente' }),
    [`GET ${PRI}/catalogos/asignacion_bloques/4/temas`]: () =>
      jsonResponse([
        { cve_tema: 8, nombre: 'Trabajo en alturas', modalidad: 'PRESENCIAL', orden: 2 },
        { cve_tema: 7, nombre: 'Seguridad básica', modalidad: 'E_LEARNING', orden: 1 },
      ]),
    [`GET ${PRI}/catalogos/asignacion_bloques/5/temas`]: () =>
      jsonResponse({ resp: 'Debe asignar temas al bloque para poder inscribir personal', code: 'bloque.sin_temas' }, 409),
    ...extra,
  });
}

function signIn(secciones = ['catalogos.bloques', 'catalogos.asignacion_bloques']) {
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Admin', idperfil: 1, secciones });
}

function renderScreen(path = '/menu/bloques_cursos') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <PageChromeProvider>
        <BlocksScreen />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

function topicNames(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent ?? '');
}

beforeAll(async () => {
  await setupI18n('blocks');
});
beforeEach(() => {
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('moveItem', () => {
  it('moves one place and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('blocks screen', () => {
  it('lists the blocks with their derived modality, price and capacity', async () => {
    const api = serve();
    renderScreen();
    const row = (await screen.findByText('Ruta de seguridad')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Mixto')).toBeInTheDocument();
    expect(within(row).getByText('Gratis')).toBeInTheDocument();
    expect(within(row).getByText('Sin límite')).toBeInTheDocument();
    const empty = screen.getByText('Inducción vacía').closest('tr') as HTMLElement;
    expect(within(empty).getByText('Sin temas')).toBeInTheDocument();
    expect(empty).toHaveTextContent('$500.00');
    expect(api.callsTo('POST', `${PRI}/catalogos/bloques_cursos/tabla`)[0]?.body).toMatchObject({ order: 'nombre_bloque' });
  });

  it('shows the modality and total hours the server derives, and reorders the topics from the keyboard', async () => {
    const api = serve();
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Temas de Ruta de seguridad' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ruta de seguridad' });
    expect(await within(drawer).findByText('12.5 h')).toBeInTheDocument();
    expect(within(drawer).getByTestId('block-modality')).toHaveTextContent('Mixto');

    const list = within(drawer).getByRole('list', { name: 'Temas de Ruta de seguridad en orden' });
    expect(topicNames(list)).toEqual(['Seguridad básica', 'Trabajo en alturas']);
    expect(within(list).getByRole('button', { name: 'Subir Seguridad básica' })).toBeDisabled();

    within(list).getByRole('button', { name: 'Bajar Seguridad básica' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(topicNames(list)).toEqual(['Trabajo en alturas', 'Seguridad básica']);
    // At the bottom "Bajar" is disabled, so the focus moves to its "Subir".
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Subir Seguridad básica' })).toHaveFocus());
    expect(within(drawer).getByRole('status')).toHaveTextContent('Seguridad básica ahora está en la posición 2 de 2');

    await userEvent.click(within(drawer).getByRole('combobox', { name: /^Agregar tema/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'MON-01 · Montacargas', hidden: true }));
    expect(topicNames(list)).toEqual(['Trabajo en alturas', 'Seguridad básica', 'Montacargas']);

    await userEvent.click(within(drawer).getByRole('button', { name: 'Guardar temas' }));
    await waitFor(() => expect(api.callsTo('PUT', `${PRI}/catalogos/bloques_cursos/4/temas`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${PRI}/catalogos/bloques_cursos/4/temas`)[0]?.body).toEqual({ temas: [8, 7, 9] });
    await waitFor(() => expect(api.callsTo('GET', `${PRI}/catalogos/bloques_cursos/4`).length).toBeGreaterThan(1));
  });

  it("'Inscribir personal' shows the server's message when the block has no topics", async () => {
    const api = serve();
    renderScreen('/menu/bloques_cursos?bloque=5');
    const drawer = await screen.findByRole('dialog', { name: 'Inducción vacía' });
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Inscribir personal' }));
    const modal = await screen.findByRole('dialog', { name: 'Inscribir personal' });
    expect(await within(modal).findByRole('alert')).toHaveTextContent('Debe asignar temas al bloque para poder inscribir personal');
    expect(api.callsTo('GET', `${PRI}/catalogos/asignacion_bloques/5/temas`)).toHaveLength(1);
    // A 409 with a code is the block's business rule, not the plan change.
    expect(screen.queryByText('Cambio de plan')).not.toBeInTheDocument();
  });

  it("'Inscribir personal' lists the ordered topics the block enrols into", async () => {
    serve();
    renderScreen('/menu/bloques_cursos?bloque=4');
    const drawer = await screen.findByRole('dialog', { name: 'Ruta de seguridad' });
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Inscribir personal' }));
    const modal = await screen.findByRole('dialog', { name: 'Inscribir personal' });
    const list = await within(modal).findByRole('list', { name: 'Temas en los que se inscribirá al personal' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Seguridad básica'),
      expect.stringContaining('Trabajo en alturas'),
    ]);
  });

  it("hides 'Inscribir personal' without the block assignment section", async () => {
    signIn(['catalogos.bloques']);
    serve();
    renderScreen('/menu/bloques_cursos?bloque=4');
    const drawer = await screen.findByRole('dialog', { name: 'Ruta de seguridad' });
    await within(drawer).findByText('12.5 h');
    expect(within(drawer).queryByRole('button', { name: 'Inscribir personal' })).not.toBeInTheDocument();
  });
});
