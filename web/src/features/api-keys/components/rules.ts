// The new key's limits as the server publishes them (src/lib/api/limits.ts), and which
// profiles a key may be given.
import { ADMINISTRADOR_ID, type ProfileRow } from '@/lib/api/shared/profiles';
import { LIMITS } from '@/lib/api/limits';

/** Longest key name the server accepts. */
export const NAME_MAX = LIMITS.NewApi.nombre.maxLength;

/** What a new key may create unless told otherwise (the server's default too). */
export const DEFAULT_PROFILE = 'Participante';

/** The profiles a key may be allowed to create: every one but Administrador, which the server refuses. */
export function grantableProfiles(profiles: readonly ProfileRow[]): ProfileRow[] {
  return profiles.filter((p) => p.idperfil !== ADMINISTRADOR_ID && p.perfil !== 'Administrador');
}

/** The starting choice: Participante when it exists. */
export function defaultProfiles(profiles: readonly ProfileRow[]): string[] {
  return profiles.some((p) => p.perfil === DEFAULT_PROFILE) ? [DEFAULT_PROFILE] : [];
}

/** Active (1) or revoked (0) status of a table row. */
export function isActive(estatus: unknown): boolean {
  return estatus === 1 || estatus === '1' || estatus === true;
}
