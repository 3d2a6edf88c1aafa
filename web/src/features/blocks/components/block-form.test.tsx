import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { BlockForm } from './block-form';

let types = [
  { id_tipo_bloque: 1, nombre_tipo_bloque: 'Ruta de aprendizaje', activo: 1 },
  { id_tipo_bloque: 2, nombre_tipo_bloque: 'Inducción', activo: 1 },
];

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`GET ${PRI}/catalogos/tipos_bloque`]: () => jsonResponse(types),
    [`POST ${PRI}/catalogos/tipos_bloque`]: (call) => {
      const body = call.body as { nombre_tipo_bloque: string };
      types = [...types, { id_tipo_bloque: 3, nombre_tipo_bloque: body.nombre_tipo_bloque, activo: 1 }];
      return jsonResponse({ resp: 'Excelente', id_tipo_bloque: 3 });
    },
    [`POST ${PRI}/catalogos/bloques_cursos/crear_bloque`]: () => jsonResponse({ resp: 'Excelente', id_bloque: 21 }),
    ...extra,
  });
}

function setDate(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.blur(screen.getByLabelText(label));
}

async function fillAll() {
  await userEvent.type(screen.getByRole('textbox', { name: /^Nombre del bloque/ }), 'Ruta de seguridad');
  await userEvent.click(screen.getByRole('combobox', { name: /^Tipo de bloque/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Inducción', hidden: true }));
  const price = screen.getByRole('textbox', { name: /^Precio \(MXN\)/ });
  await userEvent.clear(price);
  await userEvent.type(price, '1200.5');
  const capacity = screen.getByRole('textbox', { name: /^Capacidad de asistentes/ });
  await userEvent.clear(capacity);
  await userEvent.type(capacity, '40');
  setDate(/^Fecha de inicio/, '2026-03-01');
  setDate(/^Fecha de fin/, '2026-03-31');
  await userEvent.type(screen.getByRole('textbox', { name: /^Descripción/ }), 'Todo sobre seguridad');
  await userEvent.type(screen.getByRole('textbox', { name: /^Video \(URL\)/ }), 'https://video.example/ruta');
  await userEvent.upload(screen.getByLabelText(/^Imagen/), new File(['gif'], 'ruta.gif', { type: 'image/gif' }));
}

beforeAll(async () => {
  await setupI18n('blocks');
});
beforeEach(() => {
  types = types.slice(0, 2);
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), {
    cve_empleado: 1,
    nombre_empleado: 'Admin',
    idperfil: 1,
    secciones: ['catalogos.bloques'],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('new block form', () => {
  it('requires every field and the image before calling the server', async () => {
    const api = serve();
    renderWithProviders(<BlockForm block={null} onSaved={() => undefined} onCancel={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Crear bloque' }));
    // Name, type, description, both dates and the video.
    expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(6);
    expect(screen.getByText('La imagen es obligatoria')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/catalogos/bloques_cursos/crear_bloque`)).toHaveLength(0);
  });

  it('does not accept an end date before the start date', async () => {
    serve();
    renderWithProviders(<BlockForm block={null} onSaved={() => undefined} onCancel={() => undefined} />);
    setDate(/^Fecha de inicio/, '2026-03-10');
    setDate(/^Fecha de fin/, '2026-03-09');
    await userEvent.click(screen.getByRole('button', { name: 'Crear bloque' }));
    expect(await screen.findByText('La fecha de fin debe ser igual o posterior a la fecha de inicio')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Fecha de fin/)).toHaveAttribute('min', '2026-03-10');
  });

  it('sends the block as multipart with the price in centavos and the image', async () => {
    const api = serve();
    const onSaved = vi.fn();
    renderWithProviders(<BlockForm block={null} onSaved={onSaved} onCancel={() => undefined} />);
    await fillAll();
    expect(await screen.findByRole('img', { name: 'Vista previa de Imagen' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/gif/));
    await userEvent.click(screen.getByRole('button', { name: 'Crear bloque' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(21, true));
    const form = api.callsTo('POST', `${PRI}/catalogos/bloques_cursos/crear_bloque`)[0]?.body as FormData;
    expect(JSON.parse(String(form.get('datos')))).toEqual({
      nombre_bloque: 'Ruta de seguridad',
      id_tipo_bloque: 2,
      precio: 120050,
      descripcion: 'Todo sobre seguridad',
      fecha_inicio: '2026-03-01',
      fecha_fin: '2026-03-31',
      capacidad_asistencia: 40,
      video: 'https://video.example/ruta',
      activo: 1,
    });
    expect((form.get('imagen') as File).name).toBe('ruta.gif');
  });

  it('creates a block type inline and selects it', async () => {
    const api = serve();
    renderWithProviders(<BlockForm block={null} onSaved={() => undefined} onCancel={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo tipo' }));
    const name = screen.getByRole('textbox', { name: /^Nombre del nuevo tipo/ });
    await userEvent.type(name, 'Certificación interna{Enter}');
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/catalogos/tipos_bloque`)).toHaveLength(1));
    expect(api.callsTo('POST', `${PRI}/catalogos/tipos_bloque`)[0]?.body).toEqual({ nombre_tipo_bloque: 'Certificación interna' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Tipo de bloque/ })).toHaveValue('Certificación interna'));
    expect(screen.queryByRole('textbox', { name: /^Nombre del nuevo tipo/ })).not.toBeInTheDocument();
    // Enter added the type: it did not submit the block form.
    expect(api.callsTo('POST', `${PRI}/catalogos/bloques_cursos/crear_bloque`)).toHaveLength(0);
  });

  it("shows a taken type name's 409 next to the new type's name", async () => {
    serve({
      [`POST ${PRI}/catalogos/tipos_bloque`]: () =>
        jsonResponse({ resp: 'Ya existe un tipo de bloque con ese nombre', code: 'duplicado.tipo_bloque' }, 409),
    });
    renderWithProviders(<BlockForm block={null} onSaved={() => undefined} onCancel={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo tipo' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Nombre del nuevo tipo/ }), 'Inducción');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar tipo' }));
    expect(await screen.findByText('Ya existe un tipo de bloque con ese nombre')).toBeInTheDocument();
    expect(screen.queryByText('Cambio de plan')).not.toBeInTheDocument();
  });

  it("puts the server's 409 for a taken block name on the name field", async () => {
    serve({
      [`POST ${PRI}/catalogos/bloques_cursos/crear_bloque`]: () =>
        jsonResponse({ resp: 'Ya existe un bloque con ese nombre', code: 'duplicado.nombre_bloque' }, 409),
    });
    renderWithProviders(<BlockForm block={null} onSaved={() => undefined} onCancel={() => undefined} />);
    await fillAll();
    await userEvent.click(screen.getByRole('button', { name: 'Crear bloque' }));
    const name = screen.getByRole('textbox', { name: /^Nombre del bloque/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Ya existe un bloque con ese nombre');
  });
});
