import './styles/app-styles';
import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { routes } from './router';
import { SCREENS } from './screens';

/**
 * Starts downloading the code of the page being opened (the /menu shell and its screen)
 * while the session start is still under way: the router fetches the same modules later,
 * from the module cache. Only imports: creating the router would run route loaders, which
 * need the session.
 */
function prefetchCurrentPage(pathname: string): void {
  const match = /^\/menu(?:\/([^/]+))?/.exec(pathname);
  if (!match) return;
  void import('./routes/menu-route').catch(() => undefined);
  const screen = SCREENS.find((s) => s.path === (match[1] ?? 'dashboard'));
  // lazy() only imports the route's module here; its loader runs when the router asks.
  void Promise.resolve(screen?.lazy()).catch(() => undefined);
}

prefetchCurrentPage(window.location.pathname);

/** Every route of the app; the router is created when first rendered, after session start. */
export default function RoutedApp() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
