import { Center } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/states/empty-state';
import { hasSection, useSession } from '@/lib/auth/session';

/** Renders a screen only when the active profile has its section (spec §6). */
export function RequireSection({ section, children }: { section: string; children: ReactNode }) {
  const { user } = useSession();
  const { t } = useTranslation('common');
  if (!hasSection(user, section)) {
    return (
      <Center py="xl">
        <EmptyState
          icon={<IconLock size={26} aria-hidden />}
          title={t('no_permission.title')}
          description={t('no_permission.text')}
        />
      </Center>
    );
  }
  return <>{children}</>;
}
