import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../api/error-codes';
import { LANGUAGES } from './languages';

type Tree = { [key: string]: string | Tree };

// Every namespace file, eagerly, exactly as the lazy backend finds them.
const files = import.meta.glob<{ default: Tree }>(['../../features/*/locales/*.json', './locales/*/*.json'], {
  eager: true,
});

// The error texts merged into `errors` with the /menu shell (see loadErrorCatalogue).
const catalogue = import.meta.glob<{ default: Tree }>('./locales/errors/catalogue/*.json', { eager: true });

function merge(into: Tree, from: Tree): Tree {
  const out: Tree = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return out;
}

function namespaces(): Map<string, Map<string, Tree>> {
  const byNamespace = new Map<string, Map<string, Tree>>();
  for (const [path, module] of Object.entries(files)) {
    const feature = /features\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(path);
    const shared = /\.\/locales\/([^/]+)\/([a-z]+)\.json$/.exec(path);
    const [ns, lang] = feature ? [feature[1], feature[2]] : shared ? [shared[1], shared[2]] : [];
    if (!ns || !lang) throw new Error(`Unexpected locale path ${path}`);
    if (!byNamespace.has(ns)) byNamespace.set(ns, new Map());
    byNamespace.get(ns)?.set(lang, module.default);
  }
  for (const [path, module] of Object.entries(catalogue)) {
    const lang = /catalogue\/([a-z]+)\.json$/.exec(path)?.[1];
    const errors = byNamespace.get('errors');
    if (!lang || !errors) throw new Error(`Unexpected locale path ${path}`);
    errors.set(lang, merge(errors.get(lang) ?? {}, module.default));
  }
  return byNamespace;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const all = namespaces();

describe('i18n completeness', () => {
  it('has the shared namespaces and one per feature', () => {
    expect([...all.keys()]).toEqual(expect.arrayContaining(['common', 'errors', 'auth', 'shell', 'employees', 'chat', 'notifications']));
  });

  for (const [ns, langs] of all) {
    describe(`namespace "${ns}"`, () => {
      it('exists in every language', () => {
        expect([...langs.keys()].sort()).toEqual([...LANGUAGES].sort());
      });

      const source = flatten(langs.get('es') ?? {});
      for (const lang of LANGUAGES.filter((l) => l !== 'es')) {
        it(`${lang} has every key of es, with the same placeholders and no empty text`, () => {
          const target = flatten(langs.get(lang) ?? {});
          const missing = [...source.keys()].filter((k) => !target.has(k));
          expect(missing, `keys missing in ${lang}/${ns}`).toEqual([]);
          const extra = [...target.keys()].filter((k) => !source.has(k));
          expect(extra, `keys in ${lang}/${ns} that es does not have`).toEqual([]);
          const empty = [...target].filter(([, v]) => v.trim() === '').map(([k]) => k);
          expect(empty, `empty texts in ${lang}/${ns}`).toEqual([]);
          const placeholders = [...source]
            .filter(([k, v]) => target.has(k) && variables(v).join() !== variables(target.get(k) ?? '').join())
            .map(([k]) => k);
          expect(placeholders, `placeholders differ in ${lang}/${ns}`).toEqual([]);
        });
      }
    });
  }

  it('keeps the spec messages word for word in Spanish', () => {
    const errors = flatten(all.get('errors')?.get('es') ?? {});
    expect(errors.get('ui.sesion_caducada_titulo')).toBe('Sesión Caducada');
    expect(errors.get('ui.sesion_caducada_texto')).toBe(
      'Otra persona está utilizando este usuario o han pasado mas de 10 minutos sin interacción',
    );
    expect(errors.get('ui.conexion_titulo')).toBe('Problemas para conectarse');
    const common = flatten(all.get('common')?.get('es') ?? {});
    expect(common.get('table.select_all_limit')).toBe('Para poder seleccionar todos deben haber menos de 15.000 registros');
  });

  // ERROR_CODES is generated from the server's OpenAPI document (ErrorBody.code), i.e.
  // from the server's whole message catalogue: a new server code fails here until it has
  // a text in every language.
  for (const lang of LANGUAGES) {
    it(`${lang} has a text for every error code the server can send`, () => {
      const errors = flatten(all.get('errors')?.get(lang) ?? {});
      expect(ERROR_CODES.length).toBeGreaterThan(100);
      expect(ERROR_CODES.filter((c) => !errors.get(c)?.trim()), `codes without a ${lang} text`).toEqual([]);
    });
  }
});
