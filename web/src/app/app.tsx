import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import useSWR, { SWRConfig } from 'swr';
import { AlertHost } from '@/components/alert-host/alert-host';
import { FullPageLoader } from '@/components/states/full-page-loader';
import '@/lib/auth/logout';
import { showPendingNotice } from '@/lib/auth/notice';
import { startSession } from '@/lib/auth/session-start';
import { CIA_KEY, fetchCia } from '@/lib/company/get-cia';
import { buildTheme } from '@/lib/theme/brand';
import { router } from './router';

let sessionStart: Promise<unknown> | null = null;

/** Runs spec §4's session start once per page load (StrictMode mounts effects twice). */
function startOnce(): Promise<unknown> {
  // A logout that reloaded the page may have left a message for Login (session taken over).
  sessionStart ??= startSession()
    .catch(() => undefined)
    .then((result) => {
      showPendingNotice();
      return result;
    });
  return sessionStart;
}

function BrandedApp() {
  const [ready, setReady] = useState(false);
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
  const { data: cia } = useSWR(ready ? CIA_KEY : null, fetchCia, { revalidateOnFocus: false });
  const { t } = useTranslation('common');
  const closeLabel = t('actions.close');
  const theme = useMemo(() => buildTheme(cia, { close: closeLabel }), [cia, closeLabel]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" limit={4} zIndex={1100} />
      <AlertHost />
      {ready ? <RouterProvider router={router} /> : <FullPageLoader />}
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
