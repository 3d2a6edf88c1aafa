import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, readStorage, writeStorage } from '../storage-keys';
import { DEFAULT_LANGUAGE, LANGUAGES, toLanguage, type Language } from './languages';

type LocaleModule = { default: Record<string, unknown> };

// Each namespace lives next to its feature (features/<ns>/locales/<lang>.json); common and
// errors live here. Globbing lazily turns every namespace file into its own small chunk,
// so a screen downloads only the texts it uses.
const loaders = import.meta.glob<LocaleModule>([
  '../../features/*/locales/*.json',
  './locales/*/*.json',
]);

function loaderFor(language: string, namespace: string): (() => Promise<LocaleModule>) | undefined {
  return (
    loaders[`./locales/${namespace}/${language}.json`] ??
    loaders[`../../features/${namespace}/locales/${language}.json`]
  );
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaderFor(language, namespace);
    if (!load) {
      callback(new Error(`Missing locale ${namespace}/${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default as never),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** Language chosen before (localStorage), else Spanish: the product's default (spec §1). */
export function initialLanguage(): Language {
  const stored = readStorage(STORAGE_KEYS.language);
  return stored ? toLanguage(stored) : DEFAULT_LANGUAGE;
}

let initPromise: Promise<unknown> | null = null;

/** Initialises i18next once, with `common` and `errors` loaded before the first render. */
export function initI18n(language: Language = initialLanguage()): Promise<unknown> {
  if (!initPromise) {
    initPromise = i18n
      .use(lazyBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        ns: ['common', 'errors'],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        // Server texts used as fallbacks may name values we do not have: leave them out.
        missingInterpolationHandler: () => '',
        returnNull: false,
        react: { useSuspense: true },
      });
    i18n.on('languageChanged', (lng) => {
      writeStorage(STORAGE_KEYS.language, toLanguage(lng));
      if (catalogueWanted) void loadErrorCatalogue(toLanguage(lng));
      if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(lng);
    });
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  }
  return initPromise;
}

// Texts of the server's error codes that only screens after login receive. They are
// merged into `errors` when the /menu shell loads, which keeps them out of the login
// bundle; the codes the first screens can get stay in locales/errors/<lang>.json.
const catalogueLoaders = import.meta.glob<LocaleModule>('./locales/errors/catalogue/*.json');
const catalogueLoaded = new Set<string>();
let catalogueWanted = false;

/** Adds the rest of the server's error texts to `errors` (for the /menu shell). */
export function loadErrorCatalogue(language: Language = currentLanguage()): Promise<void> {
  catalogueWanted = true;
  const load = catalogueLoaders[`./locales/errors/catalogue/${language}.json`];
  if (catalogueLoaded.has(language) || !load) return Promise.resolve();
  return load().then((module) => {
    i18n.addResourceBundle(language, 'errors', module.default, true, false);
    catalogueLoaded.add(language);
  });
}

/** The active language, for the Accept-Language header and formatting outside React. */
export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches language and remembers it. */
export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

export { i18n };
