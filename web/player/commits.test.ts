import { describe, expect, it, vi } from 'vitest';
import { CommitSender, KEEPALIVE_LIMIT, toValores } from './commits';
import type { CommitBody } from './commits';

type Init = RequestInit & { body: string };

function recorder(answer: (body: CommitBody) => Response | Promise<Response> = () => Response.json({ aplicado: true, estado: 'incomplete', calificacion: null, acreditado: false })) {
  const calls: { url: string; init: Init; body: CommitBody }[] = [];
  const fetchStub = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as CommitBody;
    calls.push({ url: String(url), init: init as Init, body });
    return answer(body);
  });
  return { calls, fetch: fetchStub as unknown as typeof fetch };
}

describe('flattened values', () => {
  it('are strings only: empty collections are left out and numbers become strings', () => {
    expect(
      toValores({
        'cmi.core.lesson_status': 'passed',
        'cmi.core.score.raw': 85,
        'cmi.interactions.0.id': 'q1',
        'cmi.interactions.0.objectives': {},
        'cmi.comments_from_learner': {},
        'cmi.suspend_data': '',
        'cmi.nothing': null,
        commitSequence: 4,
      }),
    ).toEqual({
      'cmi.core.lesson_status': 'passed',
      'cmi.core.score.raw': '85',
      'cmi.interactions.0.id': 'q1',
      'cmi.suspend_data': '',
    });
    expect(toValores(['cmi.a=1'])).toEqual({});
  });
});

describe('the commit sender', () => {
  it('numbers commits 1, 2, 3 from the page load, across items, and posts the contract body', async () => {
    const { calls, fetch } = recorder();
    const sender = new CommitSender({ url: '/api/lanzamiento/T/commit', fetch });
    sender.send('A', false, { 'cmi.core.lesson_status': 'incomplete' });
    sender.send('A', true, { 'cmi.core.lesson_status': 'completed' });
    sender.send('B', false, {});
    await sender.idle();
    expect(calls.map((c) => [c.body.item, c.body.secuencia, c.body.terminado])).toEqual([
      ['A', 1, false],
      ['A', 2, true],
      ['B', 3, false],
    ]);
    expect(calls[1]?.body.valores).toEqual({ 'cmi.core.lesson_status': 'completed' });
    expect(calls[0]?.url).toBe('/api/lanzamiento/T/commit');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.credentials).toBe('omit');
  });

  it('continues above the sequence the server already applied for the launch, so a reload is not ignored', async () => {
    const { calls, fetch } = recorder();
    const reload = new CommitSender({ url: '/c', fetch, start: 2 });
    reload.send('A', false, {});
    reload.send('A', false, {});
    const fresh = new CommitSender({ url: '/c', fetch });
    fresh.send('A', false, {});
    await reload.idle();
    await fresh.idle();
    expect(calls.map((c) => c.body.secuencia)).toEqual([3, 4, 1]);
  });

  it('asks the browser to keep small commits alive past the page, but not bodies over the keepalive limit', async () => {
    const { calls, fetch } = recorder();
    const sender = new CommitSender({ url: '/c', fetch });
    sender.send('A', true, { 'cmi.suspend_data': 'x'.repeat(1000) });
    sender.send('A', true, { 'cmi.suspend_data': 'x'.repeat(KEEPALIVE_LIMIT + 1) });
    await sender.idle();
    expect(calls.map((c) => c.init.keepalive)).toEqual([true, false]);
  });

  it('reports answers with the body they answer', async () => {
    const { fetch } = recorder(() => Response.json({ aplicado: true, estado: 'passed', calificacion: 85, acreditado: true }));
    const onAnswer = vi.fn();
    const sender = new CommitSender({ url: '/c', fetch, onAnswer });
    sender.send('A', true, {});
    await sender.idle();
    expect(onAnswer).toHaveBeenCalledWith(
      expect.objectContaining({ item: 'A', secuencia: 1 }),
      { aplicado: true, estado: 'passed', calificacion: 85, acreditado: true },
    );
  });

  it('stops sending once the server says the launch is unknown or expired, and shows its message', async () => {
    const { calls, fetch } = recorder(() => Response.json({ resp: 'El enlace venció.', code: 'scorm.lanzamiento_invalido' }, { status: 404 }));
    const onFailure = vi.fn();
    const sender = new CommitSender({ url: '/c', fetch, onFailure });
    sender.send('A', false, {});
    await sender.idle();
    expect(onFailure).toHaveBeenCalledWith(expect.anything(), { kind: 'invalid', status: 404, message: 'El enlace venció.' });
    expect(sender.open).toBe(false);
    expect(sender.send('A', true, {})).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('does not stop on a too-large commit (the SCO may shrink its data) and passes the message on', async () => {
    let first = true;
    const { calls, fetch } = recorder(() => {
      const answer = first
        ? Response.json({ resp: 'Los datos guardados del curso son demasiado grandes.', code: 'scorm.datos_demasiado_grandes' }, { status: 413 })
        : Response.json({ aplicado: true, estado: 'incomplete', calificacion: null, acreditado: false });
      first = false;
      return answer;
    });
    const onFailure = vi.fn();
    const sender = new CommitSender({ url: '/c', fetch, onFailure });
    sender.send('A', false, {});
    await sender.idle();
    sender.send('A', false, {});
    await sender.idle();
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(onFailure.mock.calls[0]?.[1]).toMatchObject({ kind: 'invalid', status: 413 });
    expect(calls).toHaveLength(2);
  });

  it('retries only the newest commit after a network failure, with its own sequence', async () => {
    let down = true;
    const { calls, fetch } = recorder(() => {
      if (down) throw new TypeError('Failed to fetch');
      return Response.json({ aplicado: true, estado: 'incomplete', calificacion: null, acreditado: false });
    });
    const timers: (() => void)[] = [];
    const sender = new CommitSender({
      url: '/c',
      fetch,
      setTimeout: (fn) => timers.push(fn),
      clearTimeout: () => {},
    });
    sender.send('A', false, { 'cmi.core.lesson_location': '1' });
    await sender.idle();
    expect(timers).toHaveLength(1);
    down = false;
    timers[0]?.();
    await sender.idle();
    expect(calls.map((c) => c.body.secuencia)).toEqual([1, 1]);

    // A failure of an older commit after a newer one was sent is not retried: the newer one has everything.
    down = true;
    timers.length = 0;
    sender.send('A', false, { 'cmi.core.lesson_location': '2' });
    sender.send('A', false, { 'cmi.core.lesson_location': '3' });
    await sender.idle();
    expect(timers).toHaveLength(1);
    down = false;
    timers.forEach((fn) => fn());
    await sender.idle();
    expect(calls.slice(2).map((c) => [c.body.secuencia, c.body.valores['cmi.core.lesson_location']])).toEqual([
      [2, '2'],
      [3, '3'],
      [3, '3'],
    ]);
  });
});
