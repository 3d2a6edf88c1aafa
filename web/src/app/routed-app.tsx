import './styles/app-styles';
import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { getSession } from '@/lib/auth/session';
import { initI18n } from '@/lib/i18n';
import { startOnce } from './start-once';
import { routes } from './router';
import { SCREENS } from './screens';

/** A route module may name work it can start before the router exists (texts, first data). */
interface Prefetchable {
  prefetch?: () => unknown;
}

/**
 * Starts downloading the code of the page being opened (the /menu shell and its screen)
 * while the session start is still under way: the router fetches the same modules later,
 * from the module cache. Once a session exists and the texts are set up, each module's
 * `prefetch` asks for its texts and first data too. Not the loaders: creating the router
 * waits for the session start and the company's colours.
 */
function prefetchCurrentPage(pathname: string): void {
  const match = /^\/menu(?:\/([^/]+))?/.exec(pathname);
  if (!match) return;
  const ready = Promise.all([initI18n(), startOnce()]);
  const warm = (module: Prefetchable) =>
    ready.then(() => (getSession().authenticated ? module.prefetch?.() : undefined));
  void import('./routes/menu-route').then(warm).catch(() => undefined);
  const screen = SCREENS.find((s) => s.path === (match[1] ?? 'dashboard'));
  // lazy() only imports the route's module here; its loader runs when the router asks.
  void Promise.resolve(screen?.lazy())
    .then((module) => module && warm(module as Prefetchable))
    .catch(() => undefined);
}

prefetchCurrentPage(window.location.pathname);

/** Every route of the app; the router is created when first rendered, after session start. */
export default function RoutedApp() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
