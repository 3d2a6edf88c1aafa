// The limits of a block's texts, as the server publishes them (src/lib/api/limits.ts,
// generated from its OpenAPI document), so the client says no before a round trip.
import { LIMITS } from '@/lib/api/limits';

export const NAME_MAX = LIMITS.BloqueForm.nombre_bloque.maxLength;
export const DESCRIPTION_MAX = LIMITS.BloqueForm.descripcion.maxLength;
export const TYPE_NAME_MAX = LIMITS.NuevoTipo.nombre_tipo_bloque.maxLength;
