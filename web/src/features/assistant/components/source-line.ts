import type { TFunction } from 'i18next';
import type { AssistantSource } from '../api/ask-assistant';

/**
 * Where an answer came from, always said: a help text, one's own data, nothing found, or the
 * assistant's own welcome.
 */
export function sourceLine(t: TFunction<'assistant'>, fuente: AssistantSource, welcome: boolean): string {
  if (fuente.tipo === 'ayuda') return t('source.ayuda', { titulo: fuente.titulo });
  if (fuente.tipo === 'datos') return t('source.datos', { titulo: fuente.titulo });
  return welcome ? t('source.welcome') : t('source.ninguna');
}
