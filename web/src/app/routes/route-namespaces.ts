import { i18n } from '@/lib/i18n';

/** Loads a route's i18n namespaces before it renders (no flash of missing texts). */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  return i18n.loadNamespaces(namespaces).then(() => undefined);
}
