import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readStorage, writeStorage } from '../storage-keys';
import { isGenericToken } from './jwt';
import type { User } from './types';

/** What the rest of the app sees of the session. */
export interface SessionSnapshot {
  token: string | null;
  user: User | null;
  /** A real (non-generic) session with a user loaded. */
  authenticated: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: SessionSnapshot = read();

function read(): SessionSnapshot {
  const token = readStorage(STORAGE_KEYS.token);
  let user: User | null = null;
  const rawUser = readStorage(STORAGE_KEYS.user);
  if (rawUser) {
    try {
      user = JSON.parse(rawUser) as User;
    } catch {
      user = null;
    }
  }
  return { token, user, authenticated: !!token && !!user && !isGenericToken(token) };
}

function emit(): void {
  snapshot = read();
  listeners.forEach((l) => l());
}

/** The bearer token every call carries (generic before login). */
export function getToken(): string | null {
  return snapshot.token;
}

/** The logged-in user, or null before login. */
export function getUser(): User | null {
  return snapshot.user;
}

/** Current snapshot, for non-React callers. */
export function getSession(): SessionSnapshot {
  return snapshot;
}

/** Stores the generic token and forgets any user: the anonymous state of Login. */
export function setGenericSession(token: string | null): void {
  writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.user, null);
  emit();
}

/** Stores a real session (token + user). */
export function setSession(token: string, user: User): void {
  writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

/** Replaces the stored user, keeping the token (profile updates). */
export function setUser(user: User): void {
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

/** Re-reads storage; tests and the storage event of other tabs use it. */
export function reloadSessionFromStorage(): void {
  emit();
}

/** Subscribes to session changes. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React view of the session. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** True when the active profile has the section key (spec §6: menus and actions by permission). */
export function hasSection(user: User | null, key: string): boolean {
  return !!user?.secciones?.includes(key);
}

if (typeof window !== 'undefined') {
  // Another tab logging in or out changes what this tab may do.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) emit();
  });
}
