/**
 * The player mounted in jsdom against a stubbed content origin; the "SCO" is this test,
 * calling the SCORM API the player puts on the window, as a package's script does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommitBody } from './commits';
import { startPlayer } from './player';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const LAUNCH_URL = `/api/lanzamiento/${TOKEN}`;

interface Posted {
  body: CommitBody;
  keepalive: boolean | undefined;
}

/** A stand-in for the content origin's two API calls. */
function contentOrigin(launch: () => object, answer: (body: CommitBody) => object = () => ({ aplicado: true, estado: 'incomplete', calificacion: null, acreditado: false })) {
  const posted: Posted[] = [];
  const gets: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST') {
      expect(url).toBe(`${LAUNCH_URL}/commit`);
      const body = JSON.parse(String(init.body)) as CommitBody;
      posted.push({ body, keepalive: init.keepalive });
      return Response.json(answer(body));
    }
    gets.push(url);
    if (url !== LAUNCH_URL) return Response.json({ resp: 'No encontrado', code: 'x' }, { status: 404 });
    return Response.json(launch());
  });
  return { posted, gets, fetch: fetchStub as unknown as typeof fetch };
}

const LAUNCH_12 = {
  version: '1.2',
  titulo: 'Operación segura de montacargas',
  modo: 'normal',
  intento: 2,
  base: `/contenido/${TOKEN}/`,
  inicio: 'ITEM-1',
  items: [{ id: 'ITEM-1', titulo: 'Introducción', nivel: 0, href: 'sco1/index.html?x=1', estado: 'incomplete' }],
  datos: {
    'ITEM-1': {
      'cmi.core.student_id': '1043',
      'cmi.core.student_name': 'Hernández Rodríguez, Luis',
      'cmi.core.entry': 'resume',
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.lesson_location': 'slide-4',
      'cmi.core.lesson_mode': 'normal',
      'cmi.core.credit': 'credit',
      'cmi.core.total_time': '0000:12:30.00',
      'cmi.core.score.raw': '40',
      'cmi.suspend_data': 'vistas=1,2,3,4',
      'cmi.launch_data': 'modo=practica',
      'cmi.student_data.mastery_score': '80',
    },
  },
};

function launch2004(datosItem1: Record<string, string>) {
  return {
    version: '2004',
    titulo: 'Primeros auxilios',
    modo: 'normal',
    intento: 1,
    base: `/contenido/${TOKEN}/`,
    inicio: 'ITEM-3',
    items: [
      { id: 'ITEM-1', titulo: 'Introducción', nivel: 0, href: 'intro/index.html', estado: null },
      { id: 'MOD-2', titulo: 'Módulo 2', nivel: 0, href: null, estado: null },
      { id: 'ITEM-3', titulo: 'Evaluación', nivel: 1, href: 'eval/index.html', estado: 'incomplete' },
    ],
    datos: {
      'ITEM-1': { 'cmi.learner_id': '1043', 'cmi.entry': 'ab-initio', ...datosItem1 },
      'ITEM-3': {
        'cmi.learner_id': '1043',
        'cmi.learner_name': 'Hernández Rodríguez, Luis',
        'cmi.entry': 'resume',
        'cmi.location': 'q2',
        'cmi.suspend_data': 'respuestas=a,b',
        'cmi.completion_status': 'incomplete',
        'cmi.total_time': 'PT12M30S',
        'cmi.scaled_passing_score': '0.8',
        'cmi.interactions.0.id': 'q1',
        'cmi.interactions.0.type': 'choice',
        'cmi.interactions.0.learner_response': 'b',
      },
    },
  };
}

let root: HTMLElement;

beforeEach(() => {
  window.history.replaceState(null, '', `/jugar/${TOKEN}`);
  // Each test is a first page load of its launch.
  window.sessionStorage.clear();
  delete window.API;
  delete window.API_1484_11;
  root = document.createElement('div');
  root.id = 'reproductor';
  document.body.append(root);
});

afterEach(() => {
  root.remove();
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the SCORM player', () => {
  it('numbers its commits above the sequence the server applied for the launch and keeps no token in storage', async () => {
    const origin = contentOrigin(
      () => ({ ...LAUNCH_12, secuencia: 7 }),
      () => ({ aplicado: true, estado: 'incomplete', calificacion: null, acreditado: false }),
    );
    const player = await startPlayer(root, { window, fetch: origin.fetch, language: 'es-MX', logLevel: 5 });
    await player.idle();
    const API = window.API;
    if (!API) throw new Error('window.API missing');
    API.LMSInitialize('');
    API.LMSSetValue('cmi.core.lesson_location', 'slide-2');
    API.LMSCommit('');
    await player.idle();
    expect(origin.posted[0]?.body.secuencia).toBe(8);
    const stored = [window.sessionStorage, window.localStorage].flatMap((s) =>
      Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`),
    );
    expect(stored.join('\n')).not.toContain(TOKEN);
  });

  it('resumes a SCORM 1.2 SCO from its saved values and sends its commits and finish in order', async () => {
    const origin = contentOrigin(
      () => LAUNCH_12,
      (body) => (body.terminado ? { aplicado: true, estado: 'passed', calificacion: 85, acreditado: true } : { aplicado: true, estado: 'incomplete', calificacion: 40, acreditado: false }),
    );
    const player = await startPlayer(root, { window, fetch: origin.fetch, language: 'es-MX', logLevel: 5 });
    await player.idle();

    expect(root.querySelector('h1')?.textContent).toBe('Operación segura de montacargas');
    expect(root.textContent).toContain('Intento 2');
    expect(root.querySelector('nav')).toBeNull();
    const frame = root.querySelector('iframe');
    expect(frame?.title).toBe('Introducción');
    expect(frame?.getAttribute('src')).toBe(`/contenido/${TOKEN}/sco1/index.html?x=1`);
    expect(document.documentElement.lang).toBe('es');

    const API = window.API;
    if (!API) throw new Error('window.API missing');
    expect(API.LMSInitialize('')).toBe('true');
    expect(API.LMSGetValue('cmi.core.lesson_location')).toBe('slide-4');
    expect(API.LMSGetValue('cmi.core.entry')).toBe('resume');
    expect(API.LMSGetValue('cmi.suspend_data')).toBe('vistas=1,2,3,4');
    expect(API.LMSGetValue('cmi.launch_data')).toBe('modo=practica');
    expect(API.LMSGetValue('cmi.student_data.mastery_score')).toBe('80');

    API.LMSSetValue('cmi.core.lesson_location', 'slide-9');
    API.LMSSetValue('cmi.interactions.0.id', 'q1');
    API.LMSSetValue('cmi.interactions.0.result', 'correct');
    expect(API.LMSCommit('')).toBe('true');
    await player.idle();
    expect(origin.posted).toHaveLength(1);
    const first = origin.posted[0]!.body;
    expect(first).toMatchObject({ item: 'ITEM-1', secuencia: 1, terminado: false });
    expect(first.valores).toMatchObject({
      'cmi.core.lesson_location': 'slide-9',
      'cmi.suspend_data': 'vistas=1,2,3,4',
      'cmi.interactions.0.id': 'q1',
      'cmi.interactions.0.result': 'correct',
    });
    for (const value of Object.values(first.valores)) expect(typeof value).toBe('string');

    API.LMSSetValue('cmi.core.score.raw', '85');
    API.LMSSetValue('cmi.core.lesson_status', 'passed');
    API.LMSSetValue('cmi.core.session_time', '0000:05:10.00');
    API.LMSSetValue('cmi.core.exit', 'suspend');
    expect(API.LMSFinish('')).toBe('true');
    await player.idle();
    expect(origin.posted).toHaveLength(2);
    const last = origin.posted[1]!;
    expect(last.body).toMatchObject({ item: 'ITEM-1', secuencia: 2, terminado: true });
    expect(last.keepalive).toBe(true);
    expect(last.body.valores).toMatchObject({
      'cmi.core.lesson_status': 'passed',
      'cmi.core.score.raw': '85',
      'cmi.core.exit': 'suspend',
    });
    expect(last.body.valores['cmi.core.session_time']).toMatch(/^0*:?05:10/);

    const header = root.querySelector('header')?.textContent ?? '';
    expect(header).toContain('Aprobado · Acreditado');
    expect(header).toContain('Calificación 85');
    expect(root.querySelector('[role="status"]')?.textContent).toContain('Ya puede cerrar esta ventana');
  });

  it('plays a SCORM 2004 package of several SCOs: contents, current item, a fresh API per item, navigation requests', async () => {
    let gets = 0;
    const origin = contentOrigin(() => {
      gets += 1;
      // Each later read comes after the last commit was applied: the statuses the commits set.
      const launch = launch2004({ 'cmi.location': gets === 1 ? 'p1' : 'p1-server' });
      if (gets > 1) launch.items[2]!.estado = 'completed';
      if (gets > 2) launch.items[0]!.estado = 'completed';
      return launch;
    });
    const player = await startPlayer(root, { window, fetch: origin.fetch, language: 'en-US', logLevel: 5 });
    await player.idle();

    const nav = root.querySelector('nav');
    expect(nav?.getAttribute('aria-label')).toBe('Course contents');
    const buttons = () => [...root.querySelectorAll<HTMLButtonElement>('nav button')];
    expect(buttons().map((b) => b.dataset.item)).toEqual(['ITEM-1', 'ITEM-3']);
    expect(nav?.textContent).toContain('Módulo 2');
    expect(buttons()[1]?.getAttribute('aria-current')).toBe('true');
    expect(buttons()[0]?.hasAttribute('aria-current')).toBe(false);
    expect(buttons()[1]?.textContent).toContain('In progress');
    expect(root.querySelector('iframe')?.title).toBe('Evaluación');

    const first = window.API_1484_11;
    if (!first) throw new Error('window.API_1484_11 missing');
    expect(window.API).toBeUndefined();
    expect(first.Initialize('')).toBe('true');
    expect(first.GetValue('cmi.location')).toBe('q2');
    expect(first.GetValue('adl.nav.request_valid.continue')).toBe('false');
    expect(first.GetValue('adl.nav.request_valid.previous')).toBe('true');
    expect(first.GetValue('adl.nav.request_valid.choice.{target=ITEM-1}')).toBe('true');
    expect(first.GetValue('cmi.interactions._count')).toBe('1');
    expect(first.GetValue('cmi.interactions.0.learner_response')).toBe('b');
    first.SetValue('cmi.location', 'q3');
    first.SetValue('cmi.completion_status', 'completed');

    // The learner picks another item: the running SCO is finished on its behalf.
    buttons()[0]?.click();
    await player.idle();
    expect(origin.posted.map((p) => [p.body.item, p.body.secuencia, p.body.terminado])).toEqual([['ITEM-3', 1, true]]);
    expect(origin.posted[0]!.body.valores['cmi.location']).toBe('q3');
    expect(first.isTerminated()).toBe(true);
    // The next item's values are read again once that commit was answered.
    expect(origin.gets).toEqual([LAUNCH_URL, LAUNCH_URL]);

    const second = window.API_1484_11;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(second?.Initialize('')).toBe('true');
    expect(second?.GetValue('cmi.location')).toBe('p1-server');
    expect(second?.GetValue('cmi.entry')).toBe('ab-initio');
    expect(second?.GetValue('adl.nav.request_valid.continue')).toBe('true');
    expect(player.currentItem).toBe('ITEM-1');
    expect(buttons()[0]?.getAttribute('aria-current')).toBe('true');
    expect(buttons()[1]?.textContent).toContain('Completed');
    expect(root.querySelector('iframe')?.title).toBe('Introducción');

    // The SCO asks to continue when it terminates: the player opens the next item.
    second?.SetValue('cmi.completion_status', 'completed');
    second?.SetValue('adl.nav.request', 'continue');
    expect(second?.Terminate('')).toBe('true');
    await tick();
    await player.idle();
    expect(origin.posted.map((p) => [p.body.item, p.body.secuencia, p.body.terminado])).toEqual([
      ['ITEM-3', 1, true],
      ['ITEM-1', 2, true],
    ]);
    expect(player.currentItem).toBe('ITEM-3');
    expect(buttons()[0]?.textContent).toContain('Completed');
    expect(root.querySelector('iframe')?.title).toBe('Evaluación');
  });

  it('opens the contents as a drawer on a narrow screen, by keyboard, and closes it with Escape or a choice', async () => {
    const origin = contentOrigin(() => launch2004({}));
    const player = await startPlayer(root, { window, fetch: origin.fetch, language: 'es', logLevel: 5 });
    await player.idle();
    // The test setup's matchMedia answers "not wide": a phone.
    const toggle = root.querySelector<HTMLButtonElement>('.rp-toc-toggle')!;
    const nav = root.querySelector('nav')!;
    expect(nav.hidden).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
    expect(toggle.textContent).toContain('Mostrar contenido');

    toggle.click();
    expect(nav.hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.getAttribute('data-item')).toBe('ITEM-3');
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    expect(document.activeElement?.getAttribute('data-item')).toBe('ITEM-1');
    document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(nav.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);

    toggle.click();
    root.querySelector<HTMLButtonElement>('nav button[data-item="ITEM-1"]')!.click();
    expect(nav.hidden).toBe(true);
    await player.idle();
    expect(player.currentItem).toBe('ITEM-1');
  });

  it('runs a SCO in review mode and sends nothing', async () => {
    const origin = contentOrigin(() => ({ ...LAUNCH_12, modo: 'review' }));
    const player = await startPlayer(root, { window, fetch: origin.fetch, language: 'pt-BR', logLevel: 5 });
    await player.idle();
    expect(root.querySelector('header')?.textContent).toContain('Modo revisão');
    const API = window.API!;
    expect(API.LMSInitialize('')).toBe('true');
    expect(API.LMSGetValue('cmi.core.lesson_location')).toBe('slide-4');
    API.LMSSetValue('cmi.core.lesson_status', 'completed');
    expect(API.LMSCommit('')).toBe('true');
    expect(API.LMSFinish('')).toBe('true');
    window.dispatchEvent(new Event('pagehide'));
    await player.idle();
    expect(origin.posted).toEqual([]);
    expect(origin.gets).toEqual([LAUNCH_URL]);
  });

  it('shows the server message and how to go on when the launch is unknown or expired, and installs no API', async () => {
    const fetchStub = vi.fn(async () =>
      Response.json({ resp: 'El enlace del curso ya no es válido.', code: 'scorm.lanzamiento_invalido' }, { status: 404 }),
    );
    await startPlayer(root, { window, fetch: fetchStub as unknown as typeof fetch, language: 'es', logLevel: 5 });
    const alert = root.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('El enlace del curso ya no es válido.');
    expect(alert?.textContent).toContain('Cierre esta ventana');
    expect(window.API).toBeUndefined();
    expect(root.querySelector('iframe')).toBeNull();
  });

  it('does not ask the server anything for a page outside /jugar/{token}', async () => {
    window.history.replaceState(null, '', '/jugar/');
    const fetchStub = vi.fn();
    await startPlayer(root, { window, fetch: fetchStub as unknown as typeof fetch, language: 'en', logLevel: 5 });
    expect(fetchStub).not.toHaveBeenCalled();
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('The course link is not valid.');
  });

  it('finishes a SCO that did not finish when the course is closed, with a keepalive commit', async () => {
    const origin = contentOrigin(() => LAUNCH_12);
    const player = await startPlayer(root, { window, fetch: origin.fetch, language: 'es', logLevel: 5 });
    await player.idle();
    const API = window.API!;
    API.LMSInitialize('');
    API.LMSSetValue('cmi.core.lesson_location', 'slide-6');
    API.LMSSetValue('cmi.core.exit', 'suspend');
    window.dispatchEvent(new Event('pagehide'));
    await player.idle();
    expect(origin.posted).toHaveLength(1);
    expect(origin.posted[0]).toMatchObject({ keepalive: true, body: { item: 'ITEM-1', secuencia: 1, terminado: true } });
    expect(origin.posted[0]!.body.valores['cmi.core.lesson_location']).toBe('slide-6');
  });

  it('commits what changed when the page goes to the background, and nothing when nothing changed', async () => {
    const origin = contentOrigin(() => LAUNCH_12);
    const player = await startPlayer(root, { window, fetch: origin.fetch, language: 'es', logLevel: 5 });
    await player.idle();
    const API = window.API!;
    API.LMSInitialize('');
    const hide = () => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      hide();
      await player.idle();
      expect(origin.posted).toHaveLength(0);
      API.LMSSetValue('cmi.core.lesson_location', 'slide-8');
      hide();
      await player.idle();
      expect(origin.posted).toHaveLength(1);
      expect(origin.posted[0]).toMatchObject({ body: { secuencia: 1, terminado: false } });
      expect(origin.posted[0]!.body.valores['cmi.core.lesson_location']).toBe('slide-8');
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
    API.LMSFinish('');
    await player.idle();
  });

  it('shows a commit rejected by the server in the status line', async () => {
    const origin = contentOrigin(
      () => LAUNCH_12,
      () => ({ aplicado: true, estado: 'incomplete', calificacion: null, acreditado: false }),
    );
    const fetchOnce = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST'
        ? Response.json({ resp: 'Los datos guardados del curso pasan de 64 KB.', code: 'scorm.datos_demasiado_grandes' }, { status: 413 })
        : origin.fetch(input, init),
    );
    const player = await startPlayer(root, { window, fetch: fetchOnce as unknown as typeof fetch, language: 'es', logLevel: 5 });
    await player.idle();
    const API = window.API!;
    API.LMSInitialize('');
    API.LMSSetValue('cmi.suspend_data', 'x'.repeat(4000));
    API.LMSCommit('');
    await player.idle();
    const status = root.querySelector('[role="status"]');
    expect(status?.textContent).toBe('Los datos guardados del curso pasan de 64 KB.');
    expect(status?.classList.contains('rp-message--error')).toBe(true);
  });
});
