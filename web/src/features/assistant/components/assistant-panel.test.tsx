import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CIA_KEY, useCia } from '@/lib/company/get-cia';
import { isOn } from '@/lib/flags';
import { i18n } from '@/lib/i18n';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { ASK_URL, type AssistantAnswer } from '../api/ask-assistant';
import { AssistantLauncher } from './assistant-launcher';

const CHIPS: AssistantAnswer['chips'] = [
  { texto: 'Ver mis cursos', ruta: '/menu/consultar_plan_capacitacion?location=pendientes', pregunta: null },
  { texto: '¿Cuál es mi próximo curso?', ruta: null, pregunta: '¿Cuál es mi próximo curso?' },
];

function answer(over: Partial<AssistantAnswer>): AssistantAnswer {
  return { respuesta: '', elementos: [], fuente: { tipo: 'ninguna', titulo: 'Asistente', clave: null }, chips: CHIPS, relacionadas: [], idioma: 'es', ...over };
}

const GREETING = answer({ respuesta: '¡Hola! Puedo decirte qué cursos tienes pendientes.' });
const PENDING = answer({
  respuesta: 'Tienes 2 curso(s) pendiente(s) en tu plan, 1 obligatorio(s). Los primeros:',
  elementos: ['NOM-035 · Obligatorio', 'Excel · Opcional'],
  fuente: { tipo: 'datos', titulo: 'Tu plan de capacitación', clave: null },
});
const DC3 = answer({
  respuesta: 'Entra a Mis constancias y pulsa Descargar.',
  fuente: { tipo: 'ayuda', titulo: '¿Cómo descargo mi constancia DC-3?', clave: 'faq.dc3' },
  relacionadas: [{ clave: 'faq.examen', titulo: '¿Cómo presento un examen?' }],
});
const EXAM = answer({ respuesta: 'Desde tu plan, con el botón Examen.', fuente: { tipo: 'ayuda', titulo: '¿Cómo presento un examen?', clave: 'faq.examen' } });
const NEXT = answer({ respuesta: 'Tu próximo curso es Montacargas el 2026-06-01.', fuente: { tipo: 'datos', titulo: 'Tus cursos inscritos', clave: null } });
const NOTHING = answer({
  respuesta: 'No encontré una respuesta en la ayuda.',
  fuente: { tipo: 'ninguna', titulo: 'Sin resultados', clave: null },
});

const ANSWERS: Record<string, AssistantAnswer> = {
  Hola: GREETING,
  '¿Qué cursos tengo pendientes?': PENDING,
  '¿Cómo descargo mi constancia DC-3?': DC3,
  '¿Cómo presento un examen?': EXAM,
  '¿Cuál es mi próximo curso?': NEXT,
  'xyz qwerty': NOTHING,
};

type Handler = (call: RecordedCall) => Response | Promise<Response>;

const byQuestion: Handler = (call) => {
  const { pregunta } = call.body as { pregunta: string };
  return jsonResponse(ANSWERS[pregunta] ?? NOTHING);
};

function serve(handler: Handler = byQuestion, chatbot: () => string = () => '1') {
  return mockFetch({ [`POST ${ASK_URL}`]: handler, [`GET ${CIA_KEY}`]: () => jsonResponse({ chatbot: chatbot() }) });
}

/** The questions sent, in order. */
const asked = (api: ReturnType<typeof serve>) => api.callsTo('POST', ASK_URL).map((c) => (c.body as { pregunta: string }).pregunta);

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderLauncher() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/menu/dashboard']}>
      <Where />
      <AssistantLauncher besideChat />
    </MemoryRouter>,
  );
}

/** As the /menu shell: the button while the company's chatbot is on. */
function Shell() {
  const { data: cia } = useCia();
  return isOn(cia?.chatbot) ? <AssistantLauncher /> : null;
}

/** Opens the panel and waits for the greeting. */
async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Abrir el asistente de ayuda' }));
  const dialog = await screen.findByRole('dialog', { name: 'Asistente de ayuda' });
  await within(dialog).findByText(GREETING.respuesta);
  return dialog;
}

async function ask(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, question: string) {
  const box = within(dialog).getByRole('textbox', { name: 'Tu pregunta' });
  await waitFor(() => expect(box).not.toHaveAttribute('readonly'));
  await user.type(box, `${question}{Enter}`);
}

/** The last answer's bubble. */
async function lastAnswer(dialog: HTMLElement, text: string) {
  await within(dialog).findByText(text);
  const answers = within(dialog).getAllByTestId('assistant-answer');
  return answers[answers.length - 1] as HTMLElement;
}

beforeAll(async () => {
  await setupI18n('assistant');
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'matchMedia', { writable: true, value: originalMatchMedia });
});

const originalMatchMedia = window.matchMedia;

describe('help assistant panel', () => {
  it('greets once when opened (the server’s greeting, in the UI language) and starts in the question box', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderLauncher();
    const dialog = await open(user);
    expect(asked(api)).toEqual(['Hola']);
    expect(api.callsTo('POST', ASK_URL)[0]?.body).toEqual({ pregunta: 'Hola', idioma: 'es' });
    expect(within(dialog).getByTestId('assistant-source')).toHaveTextContent('Fuente: Asistente · Bienvenida');
    expect(within(dialog).getByRole('log', { name: 'Conversación con el asistente' })).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Tu pregunta' })).toHaveFocus());
    // Closing and opening again keeps the conversation and does not greet twice.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Abrir el asistente de ayuda' }));
    expect(await screen.findByText(GREETING.respuesta)).toBeInTheDocument();
    expect(asked(api)).toEqual(['Hola']);
  });

  it('shows every answer’s source: your data, the help, or nothing found', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderLauncher();
    const dialog = await open(user);

    await ask(user, dialog, '¿Qué cursos tengo pendientes?');
    const pending = await lastAnswer(dialog, PENDING.respuesta);
    expect(within(dialog).getByTestId('assistant-question')).toHaveTextContent('¿Qué cursos tengo pendientes?');
    expect(within(pending).getAllByRole('listitem').map((li) => li.textContent)).toEqual(PENDING.elementos);
    expect(within(pending).getByTestId('assistant-source')).toHaveTextContent('Fuente: Tus datos · Tu plan de capacitación');

    await ask(user, dialog, '¿Cómo descargo mi constancia DC-3?');
    const help = await lastAnswer(dialog, DC3.respuesta);
    expect(within(help).getByTestId('assistant-source')).toHaveTextContent('Fuente: Ayuda · ¿Cómo descargo mi constancia DC-3?');

    await ask(user, dialog, 'xyz qwerty');
    const nothing = await lastAnswer(dialog, NOTHING.respuesta);
    expect(within(nothing).getByTestId('assistant-source')).toHaveTextContent('Fuente: ninguna · No se encontró en la Ayuda ni en tus datos');
    expect(asked(api)).toEqual(['Hola', '¿Qué cursos tengo pendientes?', '¿Cómo descargo mi constancia DC-3?', 'xyz qwerty']);
  });

  it('says the source in the UI language, and asks in it', async () => {
    const api = serve(() => jsonResponse({ ...PENDING, fuente: { tipo: 'datos', titulo: 'Your training plan', clave: null } }));
    await i18n.changeLanguage('en');
    try {
      await i18n.loadNamespaces('assistant');
      const user = userEvent.setup();
      renderLauncher();
      await user.click(screen.getByRole('button', { name: 'Open the help assistant' }));
      const dialog = await screen.findByRole('dialog', { name: 'Help assistant' });
      expect(await within(dialog).findByTestId('assistant-source')).toHaveTextContent('Source: Your data · Your training plan');
      expect(api.callsTo('POST', ASK_URL)[0]?.body).toEqual({ pregunta: 'Hello', idioma: 'en' });
    } finally {
      await i18n.changeLanguage('es');
    }
  });

  it('follows a chip: a screen opens with the router (the panel stays on a desktop), a question is asked', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderLauncher();
    const dialog = await open(user);
    const chips = within(dialog).getByRole('group', { name: 'Sugerencias' });

    await user.click(within(chips).getByRole('button', { name: '¿Cuál es mi próximo curso?' }));
    await lastAnswer(dialog, NEXT.respuesta);
    expect(asked(api)).toEqual(['Hola', '¿Cuál es mi próximo curso?']);

    await user.click(within(dialog).getByRole('link', { name: 'Ver mis cursos' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/menu/consultar_plan_capacitacion?location=pendientes');
    expect(screen.getByRole('dialog', { name: 'Asistente de ayuda' })).toBeInTheDocument();
  });

  it('closes after a chip opened a screen on a phone', async () => {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: query.includes('max-width: 449.98px'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
    serve();
    const user = userEvent.setup();
    renderLauncher();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('link', { name: 'Ver mis cursos' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/menu/consultar_plan_capacitacion?location=pendientes');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks a related help text’s title', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderLauncher();
    const dialog = await open(user);
    await ask(user, dialog, '¿Cómo descargo mi constancia DC-3?');
    const help = await lastAnswer(dialog, DC3.respuesta);
    const related = within(help).getByRole('group', { name: 'Temas relacionados' });
    await user.click(within(related).getByRole('button', { name: '¿Cómo presento un examen?' }));
    const exam = await lastAnswer(dialog, EXAM.respuesta);
    expect(within(exam).getByTestId('assistant-source')).toHaveTextContent('Fuente: Ayuda · ¿Cómo presento un examen?');
    expect(asked(api)).toEqual(['Hola', '¿Cómo descargo mi constancia DC-3?', '¿Cómo presento un examen?']);
  });

  it('shows the typing dots and waits while a question is on its way; Shift+Enter is a new line', async () => {
    let release: () => void = () => undefined;
    const api = serve((call) => {
      const { pregunta } = call.body as { pregunta: string };
      if (pregunta === 'Hola') return jsonResponse(GREETING);
      return new Promise<Response>((resolve) => {
        release = () => resolve(jsonResponse(PENDING));
      });
    });
    const user = userEvent.setup();
    renderLauncher();
    const dialog = await open(user);
    const box = within(dialog).getByRole('textbox', { name: 'Tu pregunta' });
    await user.type(box, '¿Qué cursos{Shift>}{Enter}{/Shift}tengo?');
    expect(box).toHaveValue('¿Qué cursos\ntengo?');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByTestId('assistant-typing')).toHaveTextContent('El asistente está escribiendo…');
    // The box waits (read-only, so that the focus stays in it) and so does sending.
    expect(box).toHaveAttribute('readonly');
    expect(box).toHaveAttribute('aria-disabled', 'true');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Enviar pregunta' })).toBeDisabled();
    act(() => release());
    await lastAnswer(dialog, PENDING.respuesta);
    expect(within(dialog).queryByTestId('assistant-typing')).not.toBeInTheDocument();
    await waitFor(() => expect(box).not.toHaveAttribute('readonly'));
    expect(box).toHaveFocus();
    expect(asked(api)).toEqual(['Hola', '¿Qué cursos\ntengo?']);
  });

  it('says when an answer failed and asks again with Reintentar', async () => {
    let fail = true;
    const api = serve((call) => {
      const { pregunta } = call.body as { pregunta: string };
      if (pregunta !== 'Hola' && fail) return jsonResponse({ resp: 'Algo salió mal', code: 'interno.error' }, 500);
      return byQuestion(call);
    });
    const user = userEvent.setup();
    renderLauncher();
    const dialog = await open(user);
    await ask(user, dialog, '¿Qué cursos tengo pendientes?');
    const error = await within(dialog).findByTestId('assistant-error');
    expect(error).toHaveTextContent('No pude responder');
    expect(error).toHaveTextContent('Algo salió mal');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Reintentar' }));
    await lastAnswer(dialog, PENDING.respuesta);
    expect(within(dialog).queryByTestId('assistant-error')).not.toBeInTheDocument();
    // The question shows once; it was sent twice.
    expect(within(dialog).getAllByTestId('assistant-question')).toHaveLength(1);
    expect(asked(api)).toEqual(['Hola', '¿Qué cursos tengo pendientes?', '¿Qué cursos tengo pendientes?']);
  });

  it('says the assistant is off without offering to retry; once closed, the button goes', async () => {
    let chatbot = '1';
    const api = serve(
      () => jsonResponse({ resp: 'El asistente no está activo en esta empresa', code: 'asistente.desactivado' }, 403),
      () => chatbot,
    );
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <Shell />
      </MemoryRouter>,
    );
    chatbot = '0';
    await user.click(await screen.findByRole('button', { name: 'Abrir el asistente de ayuda' }));
    const error = await screen.findByTestId('assistant-error');
    expect(error).toHaveTextContent('El asistente no está activo en esta empresa');
    expect(within(error).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', CIA_KEY)).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(api.callsTo('GET', CIA_KEY)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Abrir el asistente de ayuda' })).not.toBeInTheDocument());
  });

  it('keeps a question to 300 characters and counts them', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderLauncher();
    const dialog = await open(user);
    const box = within(dialog).getByRole('textbox', { name: 'Tu pregunta' });
    expect(box).toHaveAttribute('maxlength', '300');
    const counter = within(dialog).getByTestId('assistant-counter');
    expect(counter).toHaveTextContent('0/300 caracteres');
    expect(box).toHaveAccessibleDescription('0/300 caracteres');
    await user.click(box);
    await user.paste('a'.repeat(320));
    expect(box).toHaveValue('a'.repeat(300));
    expect(counter).toHaveTextContent('300/300 caracteres · Llegaste al límite de 300 caracteres.');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(asked(api)).toEqual(['Hola', 'a'.repeat(300)]));
    expect(counter).toHaveTextContent('0/300 caracteres');
    // Blank questions are not sent.
    await waitFor(() => expect(box).not.toHaveAttribute('readonly'));
    await user.type(box, '   {Enter}');
    expect(asked(api)).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Enviar pregunta' })).toBeDisabled();
  });

  it('closes with Escape and gives the focus back to its button', async () => {
    serve();
    const user = userEvent.setup();
    renderLauncher();
    const button = screen.getByRole('button', { name: 'Abrir el asistente de ayuda' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await open(user);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Tu pregunta' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
