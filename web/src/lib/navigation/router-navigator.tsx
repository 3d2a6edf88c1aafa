import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { NavigatorProvider, type Navigator } from './navigation';

/** Navigation through react-router, for screens rendered by a route. */
export function RouterNavigator({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigator = useMemo<Navigator>(
    () => ({ navigate: (to, options) => void navigate(to, { replace: options?.replace }) }),
    [navigate],
  );
  return <NavigatorProvider value={navigator}>{children}</NavigatorProvider>;
}
