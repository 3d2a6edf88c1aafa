// The limits of the structure's texts, as the server publishes them (src/lib/api/limits.ts,
// generated from its OpenAPI document), so the client says no before a round trip.
import { publishedPattern } from '@/lib/api/field-limits';
import { LIMITS } from '@/lib/api/limits';

/** Node, position and plant names share the server's name rule. */
export const NAME_MAX = LIMITS.NewNode.nombre.maxLength;
export const NAME_PATTERN = publishedPattern(LIMITS.NewNode.nombre.pattern);
export const DESCRIPTION_MAX = LIMITS.NewPosition.descripcion.maxLength;
