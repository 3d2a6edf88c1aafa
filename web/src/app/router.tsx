import { Navigate, type RouteObject } from 'react-router';
import { RootLayout, RootFallback, RouteErrorPage } from './root-layout';
import { SCREENS, type ScreenHandle } from './screens';

/** Every route of the SPA (the only place routes live). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RootFallback,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, lazy: () => import('./routes/login-route') },
      { path: 'login', lazy: () => import('./routes/login-route') },
      { path: 'restorePassword/:jwt', lazy: () => import('./routes/restore-password-route') },
      // Public, like restorePassword: the address printed as a QR on every certificate.
      { path: 'verificar', lazy: () => import('./routes/verify-certificate-route') },
      { path: 'verificar/:codigo', lazy: () => import('./routes/verify-certificate-route') },
      { path: 'confirmarCorreo/:token', lazy: () => import('./routes/confirm-email-route') },
      { path: 'FAQ', lazy: () => import('./routes/faq-route') },
      {
        path: 'menu',
        lazy: () => import('./routes/menu-route'),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          ...SCREENS.flatMap<RouteObject>((screen) =>
            [screen, ...(screen.subroutes ?? [])].map((route) => {
              const handle = {
                screen: { key: screen.key, group: screen.group, helpKey: route.helpKey ?? screen.helpKey, open: screen.open },
                titleKey: 'titleKey' in route ? route.titleKey : undefined,
              } satisfies ScreenHandle;
              return { path: route.path, lazy: route.lazy, handle };
            }),
          ),
          { path: '*', lazy: () => import('./routes/menu-not-found-route') },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
