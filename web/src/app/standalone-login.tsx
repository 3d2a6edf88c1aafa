import { useMemo } from 'react';
import { LoginPage } from '@/features/auth/components/login-page';
import { NavigatorProvider, type Navigator } from '@/lib/navigation/navigation';

/**
 * The Login page without the router: a first visit to / or /login downloads only what Login
 * shows. Any navigation (signed in, FAQ) hands over to the routed app at that address.
 */
export default function StandaloneLogin({ onLeave }: { onLeave: Navigator['navigate'] }) {
  const navigator = useMemo<Navigator>(() => ({ navigate: onLeave }), [onLeave]);
  return (
    <NavigatorProvider value={navigator}>
      <LoginPage />
    </NavigatorProvider>
  );
}
