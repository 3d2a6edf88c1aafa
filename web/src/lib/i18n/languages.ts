/** The product's languages; es is the default and the source of truth for texts. */
export const LANGUAGES = ['es', 'en', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** Narrows any string to a supported language, falling back to Spanish. */
export function toLanguage(value: string | null | undefined): Language {
  const short = (value ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short) ? (short as Language) : DEFAULT_LANGUAGE;
}

const INTL_LOCALES: Record<Language, string> = { es: 'es-MX', en: 'en-US', pt: 'pt-BR' };

/** BCP 47 tag used for Intl number formatting. */
export function intlLocale(language: string): string {
  return INTL_LOCALES[toLanguage(language)];
}
