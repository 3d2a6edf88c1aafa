import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';

type Tree = { [key: string]: string | Tree };

// Every namespace file, eagerly, exactly as the lazy backend finds them.
const files = import.meta.glob<{ default: Tree }>(['../../features/*/locales/*.json', './locales/*/*.json'], {
  eager: true,
});

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

  it('covers every error code the server sends', () => {
    const errors = flatten(all.get('errors')?.get('es') ?? {});
    const codes = [
      'auth.credenciales_invalidas',
      'auth.sesion_caducada',
      'auth.sesion_reemplazada',
      'auth.sin_permiso',
      'auth.demasiados_intentos',
      'auth.cambio_credenciales',
      'validacion.campo_requerido',
      'validacion.curp',
      'validacion.rfc',
      'validacion.correo',
      'validacion.telefono',
      'validacion.contrasena',
      'http.no_encontrado',
      'http.json_invalido',
      'http.demasiado_grande',
      'http.tipo_no_soportado',
      'http.metodo_no_permitido',
      'interno.error',
    ];
    expect(codes.filter((c) => !errors.has(c))).toEqual([]);
  });
});
