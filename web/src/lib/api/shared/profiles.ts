import useSWR from 'swr';
import { PRI, apiRequest } from '../client';
import type { Schema } from '../schema';

/** A profile of the permission matrix (1 Administrador … 8 Participante, plus created ones). */
export type ProfileRow = Schema<'PerfilRow'>;

/** Path of the permission matrix (profiles, sections and their links). */
export const PROFILES_PATH = `${PRI}/perfiles/secciones/perfiles`;

/** SWR key of the profiles list. */
export const PROFILES_KEY = 'perfiles.secciones.perfiles';

/** The Administrador profile's id (the server never lets an API key create it). */
export const ADMINISTRADOR_ID = 1;

/** GET perfiles/secciones/perfiles → `{perfiles, perfiles_secciones, secciones}`: the profiles. */
export async function fetchProfiles(): Promise<ProfileRow[]> {
  const answer = await apiRequest<Partial<Schema<'SeccionesPerfiles'>>>(PROFILES_PATH, { errorDialog: false });
  return answer?.perfiles ?? [];
}

/** Every profile (any signed-in user may read them). */
export function useProfiles() {
  return useSWR<ProfileRow[]>(PROFILES_KEY, fetchProfiles, { revalidateOnFocus: false });
}
