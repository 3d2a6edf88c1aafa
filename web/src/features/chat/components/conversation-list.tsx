import { ActionIcon, Badge, Button, Center, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessageCircleOff, IconPhoto, IconSearch, IconX } from '@tabler/icons-react';
import { isToday, isValid, parseISO } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/states/empty-state';
import { useFormat } from '@/lib/i18n/use-format';
import type { Chat, ChatPerson } from '@/lib/socket';
import type { PresenceMap } from '../api/get-presence';
import { SEARCH_MIN_LENGTH, useEmployeeSearch } from '../api/search-employees';
import { partnerOf } from './chat-cache';
import { PresenceAvatar } from './presence';
import classes from './chat.module.css';

export interface ConversationListProps {
  me: number;
  chats: Chat[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  presence: PresenceMap | undefined;
  onOpen: (person: ChatPerson) => void;
}

function shortTime(value: string, formatDate: (v: string, p?: string) => string): string {
  const date = parseISO(value);
  if (!isValid(date)) return '';
  return formatDate(value, isToday(date) ? 'p' : 'P');
}

/** Search box (employee autocomplete from 4 characters) and the conversation list. */
export function ConversationList({ me, chats, loading, failed, onRetry, presence, onOpen }: ConversationListProps) {
  const { t } = useTranslation('chat');
  const { formatDate } = useFormat();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const q = text.trim();
  const searching = q.length > 0;
  // Ask only once the typing settled on the text now in the box (never for a stale one).
  const search = useEmployeeSearch(q.length >= SEARCH_MIN_LENGTH && debounced.trim() === q ? q : '');
  const hits = (search.data ?? []).filter((h) => Number(h.cve_empleado) !== me);
  const settled = debounced.trim() === q && !search.isLoading && !search.isValidating;

  return (
    <div className={classes.body}>
      <TextInput
        m="sm"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          text ? (
            <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => setText('')} aria-label={t('search.clear')}>
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        data-autofocus
      />
      <div className={classes.list}>
        {searching ? (
          q.length < SEARCH_MIN_LENGTH ? (
            <Text size="sm" c="dimmed" px="md" py="xs">
              {t('search.hint', { count: SEARCH_MIN_LENGTH })}
            </Text>
          ) : search.error && !search.data ? (
            <Text size="sm" c="red" px="md" py="xs" role="alert">
              {t('search.error')}
            </Text>
          ) : hits.length === 0 && settled ? (
            <Text size="sm" c="dimmed" px="md" py="xs" role="status">
              {t('search.no_results')}
            </Text>
          ) : hits.length === 0 ? (
            <Center py="md">
              <Loader size="sm" aria-label={t('search.loading')} />
            </Center>
          ) : (
            <ul aria-label={t('search.results')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {hits.map((hit) => {
                const person = { clave: Number(hit.cve_empleado), nombre: hit.nombre_empleado, foto: hit.foto_empleado };
                return (
                  <li key={hit.cve_empleado}>
                    <UnstyledButton className={classes.row} onClick={() => onOpen(person)}>
                      <PresenceAvatar person={person} presence={presence?.[person.clave]} size={34} />
                      <Text size="sm" fw={600} className={classes.rowText} truncate>
                        {hit.nombre_empleado}
                      </Text>
                    </UnstyledButton>
                  </li>
                );
              })}
            </ul>
          )
        ) : loading && !chats ? (
          <Center py="lg">
            <Loader size="sm" aria-label={t('list.loading')} />
          </Center>
        ) : failed && !chats ? (
          <Stack align="center" gap="xs" py="md" px="md">
            <Text size="sm" c="red" ta="center" role="alert">
              {t('list.load_error')}
            </Text>
            <Button size="xs" variant="light" onClick={onRetry}>
              {t('list.retry')}
            </Button>
          </Stack>
        ) : !chats || chats.length === 0 ? (
          <EmptyState icon={<IconMessageCircleOff size={26} aria-hidden />} title={t('list.empty')} description={t('list.empty_hint')} />
        ) : (
          <ul aria-label={t('list.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {chats.map((chat) => {
              const partner = partnerOf(chat, me);
              const last = chat.ultimo_mensaje;
              const unread = Number(chat.no_leidos) || 0;
              const fromMe = last ? Number(last.empleado.clave) === me : false;
              const body = last ? (last.type === 'img' ? t('list.image') : last.mensaje) : '';
              return (
                <li key={chat.id} className={classes.row} data-unread={unread > 0 || undefined}>
                  <PresenceAvatar person={partner} presence={presence?.[Number(partner.clave)]} />
                  <div className={classes.rowText}>
                    {/* The button holds only the visible name (plus hidden context around it), so
                        its accessible name contains its visible text (WCAG 2.5.3); it covers the
                        whole row through ::after, so the row stays one click target. */}
                    <UnstyledButton className={classes.rowButton} onClick={() => onOpen(partner)}>
                      <NameWithContext
                        name={partner.nombre}
                        label={unread > 0 ? t('list.open_unread', { name: partner.nombre, count: unread }) : t('list.open', { name: partner.nombre })}
                        fw={unread > 0 ? 800 : 600}
                      />
                    </UnstyledButton>
                    <Text size="xs" c={unread > 0 ? undefined : 'dimmed'} fw={unread > 0 ? 600 : 400} truncate>
                      {fromMe && t('list.you')}
                      {last?.type === 'img' && <IconPhoto size={12} aria-hidden style={{ verticalAlign: -2, marginRight: 3 }} />}
                      {body}
                    </Text>
                  </div>
                  <Stack gap={4} align="flex-end">
                    {last && (
                      <Text size="xs" c="dimmed">
                        {shortTime(last.fecha, formatDate)}
                      </Text>
                    )}
                    {unread > 0 && (
                      <Badge size="sm" circle color="red" aria-hidden>
                        {unread > 99 ? '99+' : unread}
                      </Badge>
                    )}
                  </Stack>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * The partner's name as shown, with the rest of `label` (which contains the name, e.g.
 * "Abrir conversación con {name}, 2 mensajes sin leer") read by screen readers only.
 */
function NameWithContext({ name, label, fw }: { name: string; label: string; fw: number }) {
  const at = label.indexOf(name);
  const before = at >= 0 ? label.slice(0, at) : `${label} `;
  const after = at >= 0 ? label.slice(at + name.length) : '';
  return (
    <Text component="span" size="sm" fw={fw} truncate display="block">
      {/* The space stays outside the hidden span: name computation trims a span's own text. */}
      {before.trim() && <span className="visually-hidden">{before.trim()}</span>}
      {before.endsWith(' ') ? ` ${name}` : name}
      {after && <span className="visually-hidden">{after}</span>}
    </Text>
  );
}
