import { describe, expect, it } from 'vitest';
import { allowSameOriginScript, allowTextOnly, refuseScript } from './trusted-types';

describe('Trusted Types default policy', () => {
  it('lets CSS text through and refuses markup', () => {
    expect(allowTextOnly(':root{--mantine-color-blue-6:#228be6}')).toBe(':root{--mantine-color-blue-6:#228be6}');
    expect(() => allowTextOnly('<img src=x onerror=alert(1)>')).toThrow(TypeError);
    expect(() => allowTextOnly('texto <script>')).toThrow(TypeError);
  });

  it('lets only the calendar library\'s empty measuring structures through', () => {
    expect(allowTextOnly('<div></div>')).toBe('<div></div>');
    expect(allowTextOnly('<table><tr><td><div></div></td></tr></table>')).toBe('<table><tr><td><div></div></td></tr></table>');
    expect(() => allowTextOnly('<div onclick="x"></div>')).toThrow(TypeError);
    expect(() => allowTextOnly('<div></div><img src=x onerror=alert(1)>')).toThrow(TypeError);
  });

  it('accepts script URLs of this origin only', () => {
    expect(allowSameOriginScript('/sw.js', 'https://aula.example.mx')).toBe('/sw.js');
    expect(allowSameOriginScript('https://aula.example.mx/assets/a.js', 'https://aula.example.mx')).toBe(
      'https://aula.example.mx/assets/a.js',
    );
    expect(() => allowSameOriginScript('https://evil.example.com/x.js', 'https://aula.example.mx')).toThrow(TypeError);
    expect(() => allowSameOriginScript('data:text/javascript,alert(1)', 'https://aula.example.mx')).toThrow(TypeError);
  });

  it('never creates inline script', () => {
    expect(() => refuseScript()).toThrow(TypeError);
  });
});
