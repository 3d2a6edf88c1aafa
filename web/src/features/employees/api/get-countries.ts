import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

export interface Country {
  cve_pais: number;
  pais: string;
  /** ISO 3166-1 alpha-2. */
  codigo: string;
}

/** GET catalogos/paises. */
export function fetchCountries(): Promise<Country[]> {
  return apiRequest<Country[]>(`${PRI}/catalogos/paises`, { errorDialog: false });
}

/** The countries of the catalogue. */
export function useCountries(enabled = true) {
  return useSWR<Country[]>(enabled ? 'catalogos.paises' : null, fetchCountries, { revalidateOnFocus: false });
}

/** A country's name in the interface language (the catalogue's Spanish name as fallback). */
export function countryName(country: Country, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(country.codigo) ?? country.pais;
  } catch {
    return country.pais;
  }
}
