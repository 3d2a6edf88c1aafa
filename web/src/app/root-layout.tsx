import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useRouteError } from 'react-router';
import { FullPageLoader } from '@/components/states/full-page-loader';

/** Top route: Suspense for lazy namespaces and scroll restoration. */
export function RootLayout() {
  return (
    <>
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's loader runs. */
export function RootFallback() {
  return <FullPageLoader />;
}

/** Last-resort page when a route fails to load (e.g. a chunk after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2}>{t('route_error.title')}</Title>
        <Text c="dimmed">{t('route_error.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('route_error.reload')}</Button>
      </Stack>
    </Center>
  );
}
