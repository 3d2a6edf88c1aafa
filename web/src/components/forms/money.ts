import { formatNumberIn } from '@/lib/i18n/use-format';

/** Pesos typed in a form → the centavos the server stores (DESIGN: money in integer centavos). */
export function toCentavos(pesos: number): number {
  return Math.round(pesos * 100);
}

/** Centavos → pesos for a form. */
export function toPesos(centavos: number | null | undefined): number {
  return typeof centavos === 'number' && Number.isFinite(centavos) ? centavos / 100 : 0;
}

/** A price in MXN, or the 'Gratis' text when it is 0. */
export function formatPrice(centavos: number | null | undefined, language: string, freeLabel: string): string {
  const value = Number(centavos ?? 0);
  if (!Number.isFinite(value) || value <= 0) return freeLabel;
  return formatNumberIn(language, value / 100, { style: 'currency', currency: 'MXN' });
}
