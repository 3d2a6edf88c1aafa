import { describe, expect, it, vi } from 'vitest';
import { commitUrl, fetchLaunch, parseLaunch, tokenFromPath } from './launch';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

describe('the launch token', () => {
  it('is read from /jugar/{token} and nothing else', () => {
    expect(TOKEN).toHaveLength(43);
    expect(tokenFromPath(`/jugar/${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromPath(`/jugar/${TOKEN}/`)).toBe(TOKEN);
    expect(tokenFromPath('/jugar/')).toBeNull();
    expect(tokenFromPath(`/jugar/${TOKEN}/../../api/pri/x`)).toBeNull();
    expect(tokenFromPath(`/contenido/${TOKEN}/index.html`)).toBeNull();
    expect(tokenFromPath('/jugar/abc%2F..%2Fx')).toBeNull();
  });

  it('gives relative URLs, so requests stay on the content origin', () => {
    expect(commitUrl(TOKEN)).toBe(`/api/lanzamiento/${TOKEN}/commit`);
  });
});

describe('the launch', () => {
  it('keeps the items in order, folders without href, and the saved values as strings', () => {
    const launch = parseLaunch({
      version: '1.2',
      titulo: 'Montacargas',
      modo: 'normal',
      intento: 2,
      base: '/contenido/t/',
      inicio: 'A',
      items: [
        { id: 'A', titulo: 'Uno', nivel: 0, href: 'a.html', estado: 'completed' },
        { id: 'M', titulo: 'Módulo', nivel: 0, href: null, estado: null },
        { id: 'B', titulo: 'Dos', nivel: 1, href: 'b.html', estado: null },
        { titulo: 'sin id' },
      ],
      datos: { A: { 'cmi.core.lesson_location': 'p4', 'cmi.core.score.raw': 40, 'cmi.x': { nested: true } } },
    });
    expect(launch.items.map((i) => [i.id, i.href, i.nivel])).toEqual([
      ['A', 'a.html', 0],
      ['M', null, 0],
      ['B', 'b.html', 1],
    ]);
    expect(launch.datos.A).toEqual({ 'cmi.core.lesson_location': 'p4', 'cmi.core.score.raw': '40' });
    expect(launch.intento).toBe(2);
    expect(launch.estado).toBeNull();
  });

  it('refuses an unknown SCORM version', () => {
    expect(() => parseLaunch({ version: '1.3', items: [] })).toThrow();
    expect(() => parseLaunch(null)).toThrow();
  });

  it('reports the server message of an unknown or expired token', async () => {
    const fetchStub = vi.fn(async () =>
      Response.json({ resp: 'El enlace del curso venció.', code: 'scorm.lanzamiento_invalido' }, { status: 404 }),
    );
    const result = await fetchLaunch(TOKEN, fetchStub);
    expect(result).toEqual({ ok: false, reason: 'invalid', message: 'El enlace del curso venció.' });
    expect(fetchStub).toHaveBeenCalledWith(`/api/lanzamiento/${TOKEN}`, expect.objectContaining({ credentials: 'omit' }));
  });

  it('tells a network failure from an invalid launch', async () => {
    const result = await fetchLaunch(TOKEN, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(result).toEqual({ ok: false, reason: 'network', message: null });
  });
});
