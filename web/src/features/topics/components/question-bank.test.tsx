import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { ActivitiesPanel } from './activities-panel';
import { QuestionBank } from './question-bank';

const QUESTIONS = [
  {
    id_pregunta: 51,
    pregunta: '¿Qué color tiene el extintor de CO2?',
    tipo: 'unica',
    respuestas: [
      { id_respuesta: 1, texto: 'Negro', correcta: 1 },
      { id_respuesta: 2, texto: 'Azul', correcta: 0 },
    ],
  },
  { id_pregunta: 52, pregunta: 'Describe la ruta de evacuación', tipo: 'abierta', respuestas: [] },
];

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`GET ${PRI}/temas/preguntas/7`]: () => jsonResponse(QUESTIONS),
    [`POST ${PRI}/temas/preguntas/7`]: () => jsonResponse({ resp: 'Excelente', id_pregunta: 53 }),
    [`PUT ${PRI}/temas/preguntas/7/51`]: () => jsonResponse({ resp: 'Excelente' }),
    [`DELETE ${PRI}/temas/preguntas/7/52`]: () => jsonResponse({ resp: 'Excelente' }),
    [`GET ${PRI}/temas/actividades_temas/7`]: () =>
      jsonResponse([
        { id_actividad: 9, titulo: 'Foto del EPP', descripcion: 'Sube una foto', dias_entrega: 3, tipo_evidencia: 'imagen', limite_caracteres: null },
      ]),
    [`POST ${PRI}/temas/actividades_temas/7`]: () => jsonResponse({ resp: 'Excelente' }),
    ...extra,
  });
}

function signIn(secciones: string[]) {
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Admin', idperfil: 1, secciones });
}

function renderBank() {
  return renderWithProviders(
    <MemoryRouter>
      <QuestionBank cve={7} />
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupI18n('topics');
});
beforeEach(() => {
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  signIn(['catalogos.temas', 'configuracion.cargas_masivas']);
});
afterEach(() => vi.unstubAllGlobals());

describe('question bank', () => {
  it('lists the questions with their correct answers and links to the spreadsheet import', async () => {
    serve();
    renderBank();
    const list = await screen.findByRole('list', { name: 'Banco de preguntas' });
    expect(within(list).getByText('¿Qué color tiene el extintor de CO2?')).toBeInTheDocument();
    expect(within(list).getByText('Respuesta única')).toBeInTheDocument();
    expect(within(list).getByText('Abierta')).toBeInTheDocument();
    expect(within(list).getByText('(correcta)').closest('li')).toHaveTextContent('Negro');
    expect(screen.getByText('2 preguntas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Importar desde Excel/ })).toHaveAttribute('href', '/menu/cargas_masivas?tipo=preguntas');
  });

  it('hides the import link without the bulk uploads section', async () => {
    signIn(['catalogos.temas']);
    serve();
    renderBank();
    await screen.findByRole('list', { name: 'Banco de preguntas' });
    expect(screen.queryByRole('link', { name: /Importar desde Excel/ })).not.toBeInTheDocument();
  });

  it('asks for two options and exactly one correct answer in a single-answer question', async () => {
    const api = serve();
    renderBank();
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar pregunta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva pregunta' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Pregunta/ }), '¿Cuántas salidas hay?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findAllByText('Este campo es obligatorio')).toHaveLength(2);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Opción 1/ }), 'Dos');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Opción 2/ }), 'Tres');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Marca exactamente una respuesta correcta')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Quitar opción 1' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar opción' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Opción 3/ }), 'Cuatro');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Opción 2 correcta' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Opción 3 correcta' }));
    expect(within(dialog).getByRole('radio', { name: 'Opción 2 correcta' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(api.callsTo('POST', `${PRI}/temas/preguntas/7`)).toHaveLength(1));
    expect(api.callsTo('POST', `${PRI}/temas/preguntas/7`)[0]?.body).toEqual({
      pregunta: '¿Cuántas salidas hay?',
      tipo: 'unica',
      respuestas: [
        { texto: 'Dos', correcta: false },
        { texto: 'Tres', correcta: false },
        { texto: 'Cuatro', correcta: true },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva pregunta' })).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET', `${PRI}/temas/preguntas/7`).length).toBeGreaterThan(1));
  });

  it('lets a multiple-answer question mark several options and sends open questions without options', async () => {
    const api = serve();
    renderBank();
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar pregunta' }));
    let dialog = await screen.findByRole('dialog', { name: 'Nueva pregunta' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Pregunta/ }), 'Elige los EPP');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Respuesta múltiple' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Opción 1/ }), 'Casco');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Opción 2/ }), 'Guantes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Marca al menos una respuesta correcta')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Opción 1 correcta' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Opción 2 correcta' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/temas/preguntas/7`)).toHaveLength(1));
    expect(api.callsTo('POST', `${PRI}/temas/preguntas/7`)[0]?.body).toMatchObject({
      tipo: 'multiple',
      respuestas: [
        { texto: 'Casco', correcta: true },
        { texto: 'Guantes', correcta: true },
      ],
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Agregar pregunta' }));
    dialog = await screen.findByRole('dialog', { name: 'Nueva pregunta' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Pregunta/ }), '¿Qué aprendiste?');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Abierta' }));
    expect(within(dialog).queryByRole('textbox', { name: /^Opción 1/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/temas/preguntas/7`)).toHaveLength(2));
    expect(api.callsTo('POST', `${PRI}/temas/preguntas/7`)[1]?.body).toEqual({ pregunta: '¿Qué aprendiste?', tipo: 'abierta', respuestas: [] });
  });

  it('edits a question with PUT and deletes one after confirming', async () => {
    const api = serve();
    renderBank();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar pregunta 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar pregunta' });
    expect(within(dialog).getByRole('radio', { name: 'Opción 1 correcta' })).toBeChecked();
    const option = within(dialog).getByRole('textbox', { name: /^Opción 2/ });
    await userEvent.clear(option);
    await userEvent.type(option, 'Rojo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('PUT', `${PRI}/temas/preguntas/7/51`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${PRI}/temas/preguntas/7/51`)[0]?.body).toEqual({
      pregunta: '¿Qué color tiene el extintor de CO2?',
      tipo: 'unica',
      respuestas: [
        { texto: 'Negro', correcta: true },
        { texto: 'Rojo', correcta: false },
      ],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar pregunta 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar pregunta' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.callsTo('DELETE', `${PRI}/temas/preguntas/7/52`)).toHaveLength(1));
  });
});

describe('activities', () => {
  it('lists activities and asks for the character limit only for text evidence', async () => {
    const api = serve();
    renderWithProviders(<ActivitiesPanel cve={7} />);
    expect(await screen.findByText('Foto del EPP')).toBeInTheDocument();
    expect(screen.getByText('Entrega: 3 días')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Agregar actividad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva actividad' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Título/ }), 'Reflexión');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Descripción/ }), 'Escribe lo aprendido');
    expect(within(dialog).queryByRole('textbox', { name: /^Límite de caracteres/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Tipo de evidencia/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Texto', hidden: true }));
    const limit = within(dialog).getByRole('textbox', { name: /^Límite de caracteres/ });
    await userEvent.clear(limit);
    await userEvent.type(limit, '20000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Captura un valor entre 1 y 10000')).toBeInTheDocument();
    await userEvent.clear(limit);
    await userEvent.type(limit, '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/temas/actividades_temas/7`)).toHaveLength(1));
    expect(api.callsTo('POST', `${PRI}/temas/actividades_temas/7`)[0]?.body).toEqual({
      titulo: 'Reflexión',
      descripcion: 'Escribe lo aprendido',
      dias_entrega: 0,
      tipo_evidencia: 'texto',
      limite_caracteres: 500,
    });
  });
});
