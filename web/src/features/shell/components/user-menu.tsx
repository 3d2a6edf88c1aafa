import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '@/components/deferred-popover';
import { logout } from '@/lib/auth/logout';
import type { User } from '@/lib/auth/types';
import { useProfileName } from './use-profile-name';
import classes from './shell.module.css';

export interface UserMenuProps {
  user: User;
  color?: string;
  compact?: boolean;
  onChangePassword: () => void;
  onUpdateProfile: () => void;
}

/** Avatar menu: change password, update profile, logout. */
export function UserMenu({ user, color, compact, onChangePassword, onUpdateProfile }: UserMenuProps) {
  const { t } = useTranslation(['shell', 'common']);
  const profileName = useProfileName();
  const currentProfile = user.perfiles_sistema?.find((p) => p.idperfil === user.idperfil);
  const profileLabel = currentProfile ? profileName(currentProfile) : user.perfil_sistema ?? user.usuario_sistema ?? '';
  return (
    <DeferredMenu
      position="bottom-end"
      shadow="md"
      width={240}
      withinPortal
      target={
        <UnstyledButton
          className={classes.userButton}
          // Label in name (WCAG 2.5.3): the name and profile shown beside the avatar are part of
          // the accessible name; the avatar shows a picture or an icon, never initials (text
          // the name would also have to contain).
          aria-label={t('shell:user_menu.label', {
            name: compact || !profileLabel ? user.nombre_empleado : `${user.nombre_empleado} ${profileLabel}`,
          })}
          style={{ color }}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.foto_empleado || null} color="brand" radius="xl" size={34} alt="" />
            {!compact && (
              <div className={classes.userText}>
                <Text size="sm" fw={600} lineClamp={1}>
                  {user.nombre_empleado}
                </Text>
                {/* Keeps the two lines two words apart in the text the button is named after. */}
                {profileLabel && ' '}
                {profileLabel && (
                  <Text size="xs" opacity={0.75} lineClamp={1}>
                    {profileLabel}
                  </Text>
                )}
              </div>
            )}
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      }
    >
      {() => (
        <>
          <Menu.Label>{user.nombre_empleado}</Menu.Label>
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={onChangePassword}>
            {t('shell:user_menu.change_password')}
          </Menu.Item>
          <Menu.Item leftSection={<IconUserEdit size={16} aria-hidden />} onClick={onUpdateProfile}>
            {t('shell:user_menu.update_profile')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
            {t('common:actions.logout')}
          </Menu.Item>
        </>
      )}
    </DeferredMenu>
  );
}
