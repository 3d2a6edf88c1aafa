import { useTranslation } from 'react-i18next';
import { formatDateIn, formatNumberIn } from '@/lib/i18n/use-format';
import { asFuncion, asTipo, type Funcion } from '../api/types';

type Value = string | number | boolean | null | undefined;

/** A number out of a cell (the server sends numbers; a text that is one counts too). */
function numeric(value: Value): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** Whether a type's values are figures (aligned right). */
export const isFigure = (tipo: string) => tipo === 'entero' || tipo === 'decimal' || tipo === 'dinero';

/** The grouped result names a total's column `${funcion}_${columna}` (contract): its function. */
export function totalFunctionOf(clave: string): Funcion | null {
  const match = /^(conteo|suma|promedio|porcentaje)_/.exec(clave);
  return match ? (match[1] as Funcion) : null;
}

/** Cell and total formatting in the UI language. */
export function useCellFormat() {
  const { t, i18n } = useTranslation('report-builder');
  const language = i18n.resolvedLanguage ?? i18n.language;

  const percent = (n: number) => `${formatNumberIn(language, n, { maximumFractionDigits: 1 })} %`;

  /** A value of a column of some type, as text ('' for none). */
  const cell = (value: Value, type: string, clave = ''): string => {
    if (value === null || value === undefined || value === '') return '';
    const tipo = asTipo(type);
    if (tipo === 'bandera') return value === true || value === 1 || value === '1' ? t('yes') : t('no');
    if (tipo === 'fecha') return formatDateIn(language, String(value), 'P') || String(value);
    const n = numeric(value);
    if (n === null) return String(value);
    if (totalFunctionOf(clave) === 'porcentaje') return percent(n);
    if (tipo === 'dinero') return formatNumberIn(language, n, { style: 'currency', currency: 'MXN' });
    if (tipo === 'decimal') return formatNumberIn(language, n, { maximumFractionDigits: 2 });
    return formatNumberIn(language, n);
  };

  /** A grand total: a count is a whole number, a percentage has its sign, sums and averages follow the column. */
  const total = (value: number | null | undefined, fn: string, tipo: string | undefined): string => {
    if (value === null || value === undefined) return t('no_value');
    const funcion = asFuncion(fn);
    if (funcion === 'conteo') return formatNumberIn(language, value);
    if (funcion === 'porcentaje') return percent(value);
    if (tipo === 'dinero') return formatNumberIn(language, value, { style: 'currency', currency: 'MXN' });
    return formatNumberIn(language, value, { maximumFractionDigits: 2 });
  };

  return { cell, total };
}
