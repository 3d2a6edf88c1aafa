import useSWR from 'swr';
import { PRI, apiRequest } from '../client';
import type { Schema } from '../schema';

/** A country of the catalogue (`codigo`: ISO 3166-1 alpha-2). */
export type Country = Schema<'Pais'>;

/** SWR key (and path) of the countries. */
export const COUNTRIES_KEY = `${PRI}/catalogos/paises`;

/** GET catalogos/paises. */
export function fetchCountries(): Promise<Country[]> {
  return apiRequest<Country[]>(COUNTRIES_KEY, { errorDialog: false });
}

/** The countries of the catalogue; `enabled = false` skips the request. */
export function useCountries(enabled = true) {
  return useSWR<Country[]>(enabled ? COUNTRIES_KEY : null, fetchCountries, { revalidateOnFocus: false });
}

/** A country's name in the interface language (the catalogue's Spanish name as fallback). */
export function countryName(country: Country, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(country.codigo) ?? country.pais;
  } catch {
    return country.pais;
  }
}
