import { IconPoint } from '@tabler/icons-react';
import { Center, Loader } from '@mantine/core';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, redirect, useMatches } from 'react-router';
// Components, not feature barrels: a barrel would also bring the features' screens (the
// notifications table and its data-table) into every /menu page.
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NotificationModalHost } from '@/features/notifications/components/notification-modal';
import { ShellLayout, type MenuGroupEntries } from '@/features/shell';
import { TrialBanner, preloadTrial } from '@/features/trial';
import { getSession, hasSection, useSession } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import { useCia } from '@/lib/company/get-cia';
import { isOn } from '@/lib/flags';
import { followSession } from '@/lib/socket';
import { LazyAssistantLauncher } from '../lazy-assistant-launcher';
import { LazyChatLauncher } from '../lazy-chat-launcher';
import { RealtimeServices } from '../realtime-services';
import { SCREEN_ICONS } from '../screen-icons';
import { MENU_GROUPS, groupLabelKey, screenFor, sectionLabelKey, visibleScreens, type ScreenHandle } from '../screens';
import { loadErrorCatalogue } from '@/lib/i18n';
import { loadNamespaces } from './route-namespaces';

/** Section of the floating chat button (docs/api-contract.md, "Barra superior"). */
const CHAT_SECTION = 'barra.chat';
/** Screens the realtime parts link to, when the app has them and the user may open them. */
const NOTIFICATIONS_SECTION = 'notificaciones';
const EXPIRING_REPORT_SECTION = 'reportes.proximas_vencer';

/**
 * The shell's texts and the trial state its banner shows (also asked for on a first visit
 * before the router exists, see routed-app).
 */
export function prefetch() {
  preloadTrial();
  return Promise.all([loadNamespaces('shell', 'trial', 'notifications', 'chat'), loadErrorCatalogue()]);
}

/** Route guard (spec §6): /menu needs a real session; the generic employee goes to Login. */
export async function loader() {
  if (!getSession().authenticated) return redirect('/login');
  // Connect before the shell renders, so its first realtime calls find the socket.
  followSession();
  await prefetch();
  return null;
}

function screenPath(user: User, key: string): string | null {
  const screen = screenFor(key);
  return screen && hasSection(user, key) ? `/menu/${screen.path}` : null;
}

export function Component() {
  const { t } = useTranslation('common');
  const { user, authenticated } = useSession();
  const { data: cia } = useCia();
  const matches = useMatches();

  // Built when the side menu first renders: on phones it stays closed until opened, and a
  // label per screen costs a translation each.
  const menu = useMemo(() => {
    let built: MenuGroupEntries[] | undefined;
    const build = (): MenuGroupEntries[] => {
      const screens = visibleScreens(user?.secciones);
      return MENU_GROUPS.map((group) => ({
        group,
        label: t(groupLabelKey(group)),
        entries: screens
          .filter((s) => s.group === group)
          .map((s) => ({ key: s.key, to: `/menu/${s.path}`, label: t(sectionLabelKey(s.key)), icon: SCREEN_ICONS[s.key] ?? IconPoint })),
      })).filter((g) => g.entries.length > 0);
    };
    return () => (built ??= build());
  }, [user?.secciones, t]);

  if (!authenticated || !user) return <Navigate to="/login" replace />;

  const screen = [...matches].reverse().find((m) => (m.handle as ScreenHandle | undefined)?.screen)?.handle as
    | ScreenHandle
    | undefined;
  const title = screen ? t(screen.titleKey ?? sectionLabelKey(screen.screen.key)) : t('not_found.title');
  // The "Inicio" group is the breadcrumb's own first step; naming it twice reads oddly.
  const groupLabel = screen && screen.screen.group !== 'inicio' ? t(groupLabelKey(screen.screen.group)) : undefined;
  const withChat = hasSection(user, CHAT_SECTION);

  return (
    <ShellLayout
      user={user}
      menu={menu}
      title={title}
      groupLabel={groupLabel}
      helpKey={screen?.screen.helpKey}
      banner={<TrialBanner email={user.correo_empleado} />}
      topBarItems={({ color }) => (
        <NotificationBell user={user} color={color} seeAllPath={screenPath(user, NOTIFICATIONS_SECTION)} />
      )}
      floating={
        <>
          <RealtimeServices />
          {withChat && <LazyChatLauncher key={user.cve_empleado} user={user} />}
          {/* Spec §1: the chatbot, when the company has it on ('1'). */}
          {isOn(cia?.chatbot) && <LazyAssistantLauncher key={user.cve_empleado} besideChat={withChat} />}
          <NotificationModalHost cve={user.cve_empleado} reportPath={screenPath(user, EXPIRING_REPORT_SECTION)} />
        </>
      }
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
