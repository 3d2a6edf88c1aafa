import { notifications } from '@mantine/notifications';
import { i18n } from '@/lib/i18n';

/** The 'Excelente' toast after a save (the server's `resp` as its text when it says more). */
export function showSaved(resp?: string): void {
  const title = i18n.t('common:success');
  notifications.show({ color: 'teal', title, message: resp && resp !== title ? resp : i18n.t('blocks:saved') });
}
