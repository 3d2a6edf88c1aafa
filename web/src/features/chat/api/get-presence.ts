import useSWR from 'swr';
import { realtimeCall, type Presence } from '@/lib/socket';

/** Presence by employee. */
export type PresenceMap = Record<number, Presence>;

export type PresenceKey = readonly ['chat:presence', string];

/** SWR key of the presence of some people (sorted, so the same set shares one entry). */
export function presenceKey(claves: readonly number[]): PresenceKey | null {
  const unique = [...new Set(claves.filter((c) => Number.isFinite(c) && c > 0))].sort((a, b) => a - b);
  return unique.length > 0 ? ['chat:presence', unique.join(',')] : null;
}

/** True for presence keys that include `clave` (`presence:changed` updates them). */
export function presenceKeyIncludes(key: unknown, clave: number): boolean {
  return Array.isArray(key) && key[0] === 'chat:presence' && String(key[1]).split(',').includes(String(clave));
}

/** `presence:get {claves}` → presence by employee. */
export async function fetchPresence([, list]: PresenceKey): Promise<PresenceMap> {
  const claves = list.split(',').map(Number);
  const ack = await realtimeCall('presence:get', { claves });
  const map: PresenceMap = {};
  for (const p of ack.presencia ?? []) map[Number(p.clave)] = p;
  return map;
}

/** Presence of the people the chat shows. */
export function usePresence(claves: readonly number[]) {
  return useSWR<PresenceMap, unknown, PresenceKey | null>(presenceKey(claves), fetchPresence, { revalidateOnFocus: false });
}
