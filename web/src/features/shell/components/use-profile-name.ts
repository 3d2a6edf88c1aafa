import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@/lib/auth/types';

/** Profile name in the current language (server name when the id is unknown). */
export function useProfileName() {
  const { t, i18n } = useTranslation('common');
  return (profile: Pick<UserProfile, 'idperfil' | 'perfil'>) =>
    i18n.exists(`common:profiles.${profile.idperfil}`) ? t(`profiles.${profile.idperfil}`) : profile.perfil;
}
