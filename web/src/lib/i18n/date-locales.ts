import type { Locale } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import { toLanguage, type Language } from './languages';

// Kept apart from languages.ts so the login route does not download date-fns.
const DATE_LOCALES: Record<Language, Locale> = { es, en: enUS, pt: ptBR };

/** date-fns locale of a language. */
export function dateLocale(language: string): Locale {
  return DATE_LOCALES[toLanguage(language)];
}
