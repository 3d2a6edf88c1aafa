import { Center, Loader } from '@mantine/core';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, redirect, useMatches } from 'react-router';
import { ShellLayout, type MenuGroupEntries } from '@/features/shell';
import { TrialBanner } from '@/features/trial';
import { getSession, useSession } from '@/lib/auth/session';
import { MENU_GROUPS, groupLabelKey, sectionLabelKey, visibleScreens, type ScreenHandle } from '../screens';
import { loadNamespaces } from './route-namespaces';

/** Route guard (spec §6): /menu needs a real session; the generic employee goes to Login. */
export async function loader() {
  if (!getSession().authenticated) return redirect('/login');
  await loadNamespaces('shell', 'trial');
  return null;
}

export function Component() {
  const { t } = useTranslation('common');
  const { user, authenticated } = useSession();
  const matches = useMatches();

  const menu = useMemo<MenuGroupEntries[]>(() => {
    const screens = visibleScreens(user?.secciones);
    return MENU_GROUPS.map((group) => ({
      group,
      label: t(groupLabelKey(group)),
      entries: screens
        .filter((s) => s.group === group)
        .map((s) => ({ key: s.key, to: `/menu/${s.path}`, label: t(sectionLabelKey(s.key)), icon: s.icon })),
    })).filter((g) => g.entries.length > 0);
  }, [user?.secciones, t]);

  if (!authenticated || !user) return <Navigate to="/login" replace />;

  const screen = [...matches].reverse().find((m) => (m.handle as ScreenHandle | undefined)?.screen)?.handle as
    | ScreenHandle
    | undefined;
  const title = screen ? t(sectionLabelKey(screen.screen.key)) : t('not_found.title');
  // The "Inicio" group is the breadcrumb's own first step; naming it twice reads oddly.
  const groupLabel = screen && screen.screen.group !== 'inicio' ? t(groupLabelKey(screen.screen.group)) : undefined;

  return (
    <ShellLayout
      user={user}
      menu={menu}
      title={title}
      groupLabel={groupLabel}
      helpKey={screen?.screen.helpKey}
      banner={<TrialBanner email={user.correo_empleado} />}
    >
      <Suspense
        fallback={
          <Center py="xl" role="status">
            <Loader />
          </Center>
        }
      >
        <Outlet />
      </Suspense>
    </ShellLayout>
  );
}
