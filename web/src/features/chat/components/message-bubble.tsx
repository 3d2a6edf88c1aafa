import { Text } from '@mantine/core';
import { IconCheck, IconChecks, IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import type { Mensaje } from '@/lib/socket';
import classes from './chat.module.css';

/** One message: text or image, time, and for mine the read ticks (estatus 1 → 2). */
export function MessageBubble({ message, mine, authorName }: { message: Mensaje; mine: boolean; authorName: string }) {
  const { t } = useTranslation('chat');
  const { formatDate } = useFormat();
  const [broken, setBroken] = useState(false);
  const read = message.estatus === 2;
  return (
    <div className={classes.bubble} data-mine={mine || undefined} data-testid="chat-message" data-estatus={message.estatus}>
      {message.type === 'img' ? (
        message.url && !broken ? (
          <a href={message.url} target="_blank" rel="noopener noreferrer" aria-label={t('window.open_image')}>
            <img
              src={message.url}
              alt={t('window.image_alt', { name: authorName })}
              className={classes.image}
              loading="lazy"
              onError={() => setBroken(true)}
            />
          </a>
        ) : (
          <Text size="sm" c="dimmed">
            <IconPhotoOff size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
            {t('window.image_error')}
          </Text>
        )
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {message.mensaje}
        </Text>
      )}
      <div className={classes.meta}>
        <Text size="xs" c="dimmed" component="time" dateTime={message.fecha}>
          {formatDate(message.fecha, 'p')}
        </Text>
        {mine &&
          (read ? (
            <IconChecks size={14} color="var(--mantine-color-blue-6)" aria-label={t('window.read')} role="img" />
          ) : (
            <IconCheck size={14} color="var(--mantine-color-gray-6)" aria-label={t('window.sent')} role="img" />
          ))}
      </div>
    </div>
  );
}
