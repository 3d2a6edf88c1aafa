import { notifications } from '@mantine/notifications';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEnd } from '@/components/forms';
import { useSession } from '@/lib/auth/session';
import { useWelcomeSlides } from '../api/welcome-slides';
import { markWelcomed, wasWelcomed, welcomeMarker } from './welcome-seen';

// The carousel is the dashboard's only user of its parts (progress bar, slides): it loads
// when there is something to show, not with the dashboard.
const WelcomeSlidesModal = lazy(() => import('./welcome-slides-modal'));

/**
 * The welcome slides of one's active profile (spec §2, §4), once per login and profile in
 * this tab: asked for when the dashboard first shows, and shown in a carousel when there
 * are any. Coming back to the dashboard does not open it again.
 */
export function WelcomeSlides() {
  const { user, token } = useSession();
  if (!user) return null;
  // The path names the active profile; its number says it without spaces or accents.
  const perfil = String(user.idperfil ?? user.perfil_sistema ?? '').trim();
  if (!perfil) return null;
  const marker = welcomeMarker(token, user);
  return <WelcomeGate key={marker} marker={marker} perfil={perfil} />;
}

function WelcomeGate({ marker, perfil }: { marker: string; perfil: string }) {
  const { t } = useTranslation('dashboard');
  // Read once: marking the carousel as shown must not take it off the screen.
  const [welcomed] = useState(() => wasWelcomed(marker));
  const { data, error } = useWelcomeSlides(welcomed ? null : perfil);

  useEffect(() => {
    if (error === undefined) return;
    // One toast per login and profile, not one per visit to the dashboard.
    markWelcomed(marker);
    if (!isSessionEnd(error)) notifications.show({ color: 'red', message: t('welcome.load_error') });
  }, [error, marker, t]);

  useEffect(() => {
    if (data && data.length === 0) markWelcomed(marker);
  }, [data, marker]);

  const shown = useCallback(() => markWelcomed(marker), [marker]);

  if (welcomed || !data || data.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeSlidesModal slides={data} perfil={perfil} onShown={shown} />
    </Suspense>
  );
}
