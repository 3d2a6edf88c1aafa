import { Avatar, Indicator } from '@mantine/core';
import type { ChatPerson, Presence } from '@/lib/socket';

/** A person's photo with the presence dot (green online, grey offline, none when unknown). */
export function PresenceAvatar({ person, presence, size = 40 }: { person: ChatPerson; presence?: Presence; size?: number }) {
  const online = presence?.state === 'online';
  return (
    <Indicator
      position="bottom-end"
      offset={5}
      size={11}
      withBorder
      color={online ? 'teal' : 'gray'}
      disabled={!presence}
      zIndex={1}
      data-presence={presence?.state}
    >
      <Avatar src={person.foto || null} name={person.nombre} color="initials" radius="xl" size={size} alt="" />
    </Indicator>
  );
}
