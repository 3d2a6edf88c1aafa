import { notifications } from '@mantine/notifications';
import { i18n } from '@/lib/i18n';

/** The 'Excelente' toast after a change, with our text (or the server's when it says more). */
export function showDone(message: string, resp?: string): void {
  const title = i18n.t('common:success');
  notifications.show({ color: 'teal', title, message: resp && resp !== title && resp !== 'Excelente' ? resp : message });
}
