import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import type { Presence } from '@/lib/socket';

/** 'En línea', or 'Última conexión: …' from presence (or the chat's last connection). */
export function usePresenceLabel() {
  const { t } = useTranslation('chat');
  const { formatDate } = useFormat();
  return (presence: Presence | undefined, fallbackLastSeen?: string | null): string => {
    if (presence?.state === 'online') return t('presence.online');
    const last = presence?.last_changed || fallbackLastSeen;
    const when = last ? formatDate(last, 'Pp') : '';
    return when ? t('presence.last_seen', { date: when }) : t('presence.offline');
  };
}
