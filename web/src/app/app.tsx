import { MantineProvider } from '@mantine/core';
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { FullPageLoader } from '@/components/states/full-page-loader';
import '@/lib/auth/logout';
import { getSession } from '@/lib/auth/session';
import { CIA_KEY, fetchCia } from '@/lib/company/get-cia';
import type { Navigator } from '@/lib/navigation/navigation';
import { buildTheme } from '@/lib/theme/brand';
import { Alerts, Toasts } from './overlays/overlays';
import { loadNamespaces } from './routes/route-namespaces';
import { startOnce } from './start-once';

// Login's texts load with its code, not after it.
const StandaloneLogin = lazy(() =>
  Promise.all([import('./standalone-login'), loadNamespaces('auth')]).then(([module]) => module),
);
/** Addresses whose first visit shows Login without loading the router. */
function isLoginPath(pathname: string): boolean {
  return /^\/(login\/?)?$/.test(pathname);
}

const loadRoutedApp = () => import('./routed-app');
// Outside Login the router's code (and, through it, the page's) downloads alongside the
// session start: the module creates no router until it is rendered, after session start.
if (!isLoginPath(window.location.pathname)) void loadRoutedApp().catch(() => undefined);
const RoutedApp = lazy(loadRoutedApp);

function BrandedApp() {
  const [ready, setReady] = useState(false);
  // Once routed, always routed: the router owns navigation from then on.
  const [routed, setRouted] = useState(() => !isLoginPath(window.location.pathname));
  useEffect(() => {
    let alive = true;
    void startOnce().then(() => {
      if (alive) setReady(true);
    });
    return () => {
      alive = false;
    };
  }, []);
  // Company colours load once a token exists; until then the default theme shows.
  const { data: cia, error: ciaError } = useSWR(ready ? CIA_KEY : null, fetchCia, { revalidateOnFocus: false });
  // Routed pages wait for the company colours: a theme change re-renders and restyles the
  // whole shell and screen, which costs more than the request it would save. Login shows
  // at once with the default colours.
  const branded = cia !== undefined || ciaError !== undefined;
  // The first routed render (shell and screen) is React's largest: as a transition it is
  // rendered in slices between which the browser stays responsive, instead of one long
  // task (an SWR update renders synchronously).
  const [routedShown, setRoutedShown] = useState(false);
  useEffect(() => {
    if (ready && branded) startTransition(() => setRoutedShown(true));
  }, [ready, branded]);
  const theme = useMemo(() => buildTheme(cia), [cia]);
  const leaveLogin = useCallback<Navigator['navigate']>((to, options) => {
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    // A transition keeps Login on screen while the router's code downloads.
    startTransition(() => setRouted(true));
  }, []);
  const showLogin = !routed && !getSession().authenticated;
  return (
    // Every variable comes from the provider (the brand colours need it anyway), so the
    // static default-css-variables.css is not downloaded.
    <MantineProvider theme={theme} defaultColorScheme="light" deduplicateCssVariables={false}>
      <Toasts />
      <Alerts />
      {/* One boundary from the first render: the routed app, shown in a transition, keeps the
          loader on screen while its lazy module resolves, where a boundary mounted with it
          would commit its fallback and React would hold the page back 300 ms before showing
          it. Login (not a transition) still waits behind the fallback, so its header shows
          once, with the company's data. */}
      <Suspense fallback={<FullPageLoader />}>
        {!ready || !(showLogin || routedShown) ? (
          <FullPageLoader />
        ) : showLogin ? (
          <StandaloneLogin onLeave={leaveLogin} />
        ) : (
          <RoutedApp />
        )}
      </Suspense>
    </MantineProvider>
  );
}

/** The whole web app: caches, theme, dialogs and routes. */
export function App() {
  return (
    <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: false }}>
      <BrandedApp />
    </SWRConfig>
  );
}
