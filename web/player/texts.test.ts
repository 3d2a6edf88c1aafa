import { describe, expect, it } from 'vitest';
import { ALL_TEXTS, pickLanguage } from './texts';

describe('the player language', () => {
  it('follows navigator.language for English and Portuguese, and is Spanish otherwise', () => {
    expect(pickLanguage('en-US')).toBe('en');
    expect(pickLanguage('pt-BR')).toBe('pt');
    expect(pickLanguage('PT')).toBe('pt');
    expect(pickLanguage('es-MX')).toBe('es');
    expect(pickLanguage('fr-FR')).toBe('es');
    expect(pickLanguage('')).toBe('es');
    expect(pickLanguage(undefined)).toBe('es');
  });

  it('has every text, non-empty, in Spanish, English and Portuguese', () => {
    const shape = (texts: object): string[] =>
      Object.entries(texts).flatMap(([key, value]) =>
        typeof value === 'object' ? shape(value as object).map((k) => `${key}.${k}`) : [key],
      );
    const spanish = shape(ALL_TEXTS.es).sort();
    for (const texts of Object.values(ALL_TEXTS)) {
      expect(shape(texts).sort()).toEqual(spanish);
      for (const value of Object.values(texts)) {
        if (typeof value === 'string') expect(value.trim()).not.toBe('');
        if (typeof value === 'function') expect(String(value(2, 3)).trim()).not.toBe('');
      }
      for (const label of Object.values(texts.status)) expect(label.trim()).not.toBe('');
    }
    expect(ALL_TEXTS.en.attempt(2)).toBe('Attempt 2');
    expect(ALL_TEXTS.es.attempt(2)).toBe('Intento 2');
  });
});
