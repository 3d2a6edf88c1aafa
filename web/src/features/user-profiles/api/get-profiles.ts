import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** A profile of the permission matrix (1 Administrador … 8 Participante, plus created ones). */
export interface Profile {
  idperfil: number;
  perfil: string;
  descripcion?: string | null;
}

/** GET perfiles/secciones/perfiles → `{perfiles, perfiles_secciones, secciones}`; the wizard uses `perfiles`. */
export async function fetchProfiles(): Promise<Profile[]> {
  const answer = await apiRequest<{ perfiles?: Profile[] }>(`${PRI}/perfiles/secciones/perfiles`, { errorDialog: false });
  return answer?.perfiles ?? [];
}

/** Every profile, for the wizard's second step. */
export function useProfiles() {
  return useSWR<Profile[]>('perfiles.secciones.perfiles', fetchProfiles, { revalidateOnFocus: false });
}
