import { format as formatWithPattern, isValid, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { dateLocale } from './date-locales';
import { intlLocale } from './languages';

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** Formats a date with a date-fns pattern in the given language ('' when absent or invalid). */
export function formatDateIn(
  language: string,
  value: Date | string | number | null | undefined,
  pattern = 'P',
): string {
  const date = toDate(value);
  return date ? formatWithPattern(date, pattern, { locale: dateLocale(language) }) : '';
}

// Building an Intl.NumberFormat costs far more than using one (a table formats every cell
// of every row on each render), so one per language and options is kept.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Formats a number in the given language. */
export function formatNumberIn(language: string, value: number, options?: Intl.NumberFormatOptions): string {
  // Whole numbers below 1,000 read the same in every language Aula speaks: no formatter
  // (the first one a page builds loads locale data, a long task on a phone).
  if (!options && Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  const key = `${language}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** Date and number formatting bound to the current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return {
    language,
    formatDate: (value: Date | string | number | null | undefined, pattern?: string) =>
      formatDateIn(language, value, pattern),
    formatNumber: (value: number, options?: Intl.NumberFormatOptions) =>
      formatNumberIn(language, value, options),
  };
}
