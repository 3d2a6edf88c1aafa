import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconChevronDown, IconUserCog } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '@/components/deferred-popover';
import { useNavigate } from 'react-router';
import { showAlert } from '@/lib/alerts';
import { errorMessage } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { setSession } from '@/lib/auth/session';
import type { User, UserProfile } from '@/lib/auth/types';
import { postChangeProfile } from '../api/change-profile';
import { useProfileName } from './use-profile-name';

/** Switches among the user's profiles (only rendered for multi-profile users). */
export function ProfileSwitcher({ user, color, compact }: { user: User; color?: string; compact?: boolean }) {
  const { t } = useTranslation(['shell', 'errors']);
  const navigate = useNavigate();
  const profileName = useProfileName();
  const [busy, setBusy] = useState(false);
  const profiles = user.perfiles_sistema ?? [];
  if (profiles.length < 2) return null;
  const current = profiles.find((p) => p.idperfil === user.idperfil);

  const change = async (profile: UserProfile) => {
    if (profile.idperfil === user.idperfil || busy) return;
    setBusy(true);
    try {
      const answer = await postChangeProfile(profile.idperfil);
      if (!answer?.token || !answer.usuario) throw new ApiError(500, { resp: answer?.resp });
      setSession(answer.token, answer.usuario);
      notifications.show({ color: 'teal', message: t('shell:profile_switch.done', { profile: profileName(profile) }) });
      navigate('/menu/dashboard');
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 409))) {
        await showAlert({
          title: t('errors:ui.ups'),
          message: t('shell:profile_switch.error'),
          details: error instanceof ApiError && error.resp ? [errorMessage(error)] : undefined,
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <DeferredMenu
      position="bottom-end"
      shadow="md"
      withinPortal
      target={
        <Button
          variant="subtle"
          size="compact-sm"
          loading={busy}
          leftSection={<IconUserCog size={18} aria-hidden />}
          rightSection={compact ? null : <IconChevronDown size={14} aria-hidden />}
          // Label in name (WCAG 2.5.3): the visible profile name is part of the accessible name.
          aria-label={compact || !current ? t('shell:profile_switch.label') : `${t('shell:profile_switch.label')}: ${profileName(current)}`}
          style={color ? { color } : undefined}
        >
          {compact ? null : current ? profileName(current) : t('shell:profile_switch.label')}
        </Button>
      }
    >
      {() => (
        <>
          <Menu.Label>{t('shell:profile_switch.label')}</Menu.Label>
          {profiles.map((profile) => (
            <Menu.Item
              key={profile.idperfil}
              onClick={() => void change(profile)}
              rightSection={profile.idperfil === user.idperfil ? <IconCheck size={14} aria-hidden /> : null}
              aria-current={profile.idperfil === user.idperfil ? 'true' : undefined}
            >
              {profileName(profile)}
            </Menu.Item>
          ))}
        </>
      )}
    </DeferredMenu>
  );
}
