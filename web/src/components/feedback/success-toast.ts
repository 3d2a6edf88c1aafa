import { notifications } from '@mantine/notifications';
import { i18n } from '@/lib/i18n';

/**
 * The 'Excelente' toast after a save: the server's `resp` as its text when it says more,
 * else `message` ('Los cambios se guardaron' unless the caller has its own words).
 */
export function showSaved(resp?: string, message?: string): void {
  const title = i18n.t('common:success');
  // The server answers the Spanish 'Excelente' on plain success: that is the title, not news.
  const says = resp && resp !== title && resp !== 'Excelente' ? resp : undefined;
  notifications.show({ color: 'teal', title, message: says ?? message ?? i18n.t('common:saved') });
}
