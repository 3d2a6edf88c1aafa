import { describe, expect, it } from 'vitest';
import { localizedTooltip, type Tooltip } from './types';

const TIP: Tooltip = {
  id_traduccion: 37,
  clave: 'pantalla.programar_curso',
  titulo: 'Programar curso',
  contenido: 'Elige el tema.',
  titulo_ingles: 'Schedule a course',
  contenido_ingles: 'Choose the topic.',
  titulo_portugues: 'Programar curso',
  contenido_portugues: 'Escolha o tema.',
};

describe('localizedTooltip', () => {
  it('gives each language its own help text', () => {
    expect(localizedTooltip(TIP, 'es')).toEqual({ titulo: 'Programar curso', contenido: 'Elige el tema.' });
    expect(localizedTooltip(TIP, 'en')).toEqual({ titulo: 'Schedule a course', contenido: 'Choose the topic.' });
    expect(localizedTooltip(TIP, 'pt')).toEqual({ titulo: 'Programar curso', contenido: 'Escolha o tema.' });
  });

  it('falls back from Portuguese to English and from English to Spanish', () => {
    expect(localizedTooltip({ ...TIP, titulo_portugues: '', contenido_portugues: null }, 'pt')).toEqual({
      titulo: 'Schedule a course',
      contenido: 'Choose the topic.',
    });
    expect(localizedTooltip({ ...TIP, titulo_ingles: '', contenido_ingles: '' }, 'en')).toEqual({ titulo: 'Programar curso', contenido: 'Elige el tema.' });
  });
});
