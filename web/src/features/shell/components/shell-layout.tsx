import { Box, Burger, Image, Overlay, Text, UnstyledButton } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import { lazy, Suspense, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageMenu } from '@/components/language-menu/language-menu';
import { PageChromeProvider } from '@/components/page-chrome';
import { hasSection } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import { useCia } from '@/lib/company/get-cia';
import { toLanguage } from '@/lib/i18n/languages';
import { readableOn } from '@/lib/theme/brand';
import { ActiveUsersMenu } from './active-users-menu';
import { ACTIVE_USERS_SECTION } from './active-users';
import { BreadcrumbBar } from './breadcrumb-bar';
import { ChangePasswordDialog } from './change-password-dialog';
import { ProfileSwitcher } from './profile-switcher';
import { SideMenu, type MenuGroupEntries } from './side-menu';
import { UserMenu } from './user-menu';
import classes from './shell.module.css';

// The profile form (react-hook-form, zod) downloads when the dialog is opened, not with the shell.
const UpdateProfileDialog = lazy(() =>
  import('./update-profile-dialog').then((m) => ({ default: m.UpdateProfileDialog })),
);

/** Spec §9 layout breakpoints. */
export const SIDEBAR_COLLAPSE_BELOW = 1170;
export const SIDEBAR_OVERLAY_BELOW = 767;
export const MOBILE_BELOW = 450;

const SYNC_QUERY = { getInitialValueInEffect: false };

const DAYJS_LOCALE = { es: 'es', en: 'en', pt: 'pt-br' } as const;

/** What top-bar items composed by the app need to fit in. */
export interface TopBarContext {
  /** Header text colour. */
  color: string;
  /** Narrow screens: icons only. */
  compact: boolean;
}

export interface ShellLayoutProps {
  user: User;
  /** The side menu's entries, asked for when the side menu renders (on phones, once opened). */
  menu: () => MenuGroupEntries[];
  title: string;
  groupLabel?: string;
  helpKey?: string;
  /** Rendered above the routed screen (trial banner). */
  banner?: ReactNode;
  /** Items of other features placed first in the top bar (notification bell). */
  topBarItems?: (context: TopBarContext) => ReactNode;
  /** Elements that float over every screen (chat button, notification modal). */
  floating?: ReactNode;
  children: ReactNode;
}

/** The /menu shell: header with company colours, side menu, top bar and breadcrumb bar. */
export function ShellLayout({
  user,
  menu,
  title,
  groupLabel,
  helpKey,
  banner,
  topBarItems,
  floating,
  children,
}: ShellLayoutProps) {
  const { t, i18n } = useTranslation('shell');
  const { data: cia } = useCia();
  // Read at the first render: a phone renders the phone layout once, not the desktop one first.
  const collapseQuery = useMediaQuery(`(max-width: ${SIDEBAR_COLLAPSE_BELOW - 0.02}px)`, false, SYNC_QUERY);
  const overlayQuery = useMediaQuery(`(max-width: ${SIDEBAR_OVERLAY_BELOW - 0.02}px)`, false, SYNC_QUERY);
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BELOW - 0.02}px)`, false, SYNC_QUERY) ?? false;
  const tablet = !!collapseQuery && !overlayQuery;
  const overlay = !!overlayQuery;

  const [desktopCollapsed, setDesktopCollapsed] = useState(false);
  const [tabletExpanded, setTabletExpanded] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(false);
  // On phones the menu is off screen until opened: its links render when first opened.
  const [menuOpened, setMenuOpened] = useState(false);
  if (overlayOpen && !menuOpened) setMenuOpened(true);
  const [dialog, setDialog] = useState<'password' | 'profile' | null>(null);
  // The password dialog mounts when first opened and stays (its success timer ends the session).
  const [passwordWanted, setPasswordWanted] = useState(false);
  if (dialog === 'password' && !passwordWanted) setPasswordWanted(true);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    // Navigating closes the overlay menu.
    setLastPath(location.pathname);
    setOverlayOpen(false);
  }

  const rail = overlay ? false : tablet ? !tabletExpanded : desktopCollapsed;
  const mode = overlay ? 'overlay' : rail ? 'rail' : 'full';
  const headerBg = cia?.color_fondo_header || '#ffffff';
  const headerFg = cia?.color_texto_header || readableOn(headerBg);
  const menuBg = cia?.color_fondo_menu || 'var(--mantine-color-brand-9)';
  const menuFg = cia?.color_texto_menu || (cia?.color_fondo_menu ? readableOn(cia.color_fondo_menu) : '#ffffff');
  const logoBg = cia?.color_fondo_logo || headerBg;
  const style = {
    '--shell-header-bg': headerBg,
    '--shell-header-fg': headerFg,
    '--shell-menu-bg': menuBg,
    '--shell-menu-fg': menuFg,
    '--shell-logo-bg': logoBg,
    '--shell-logo-fg': overlay ? headerFg : readableOn(logoBg),
  } as CSSProperties;
  const company = cia?.nomcia || 'Aula';

  const toggle = () => {
    if (overlay) setOverlayOpen((o) => !o);
    else if (tablet) setTabletExpanded((e) => !e);
    else setDesktopCollapsed((c) => !c);
  };
  const menuOpen = overlay ? overlayOpen : !rail;

  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[toLanguage(i18n.language)], firstDayOfWeek: 1 }}>
      <PageChromeProvider>
        <div className={classes.root} data-mode={mode} data-mobile={mobile || undefined} data-open={overlayOpen || undefined} style={style}>
          <a href="#main-content" className={classes.skipLink}>
            {t('skip_to_content')}
          </a>
          <header className={classes.header}>
            {overlay && (
              <Burger
                opened={overlayOpen}
                onClick={toggle}
                size="sm"
                color="var(--shell-header-fg)"
                className={classes.burger}
                aria-label={overlayOpen ? t('menu.close') : t('menu.open')}
                aria-expanded={overlayOpen}
                aria-controls="side-menu"
              />
            )}
            <Link to="/menu/dashboard" className={classes.logoCell} aria-label={t('logo_home', { company })}>
              {cia?.logo ? (
                <Image src={cia.logo} alt="" h={rail && !overlay ? 32 : 40} w="auto" maw="100%" fit="contain" />
              ) : (
                <Text fw={800} size="lg" c="var(--shell-logo-fg)" truncate>
                  {rail && !overlay ? company.slice(0, 2).toUpperCase() : company}
                </Text>
              )}
            </Link>
            <div className={classes.topBar}>
              {!overlay && (
                <UnstyledButton
                  onClick={toggle}
                  className={classes.iconButton}
                  aria-label={menuOpen ? t('menu.collapse') : t('menu.expand')}
                  aria-expanded={menuOpen}
                  aria-controls="side-menu"
                >
                  {menuOpen ? <IconLayoutSidebarLeftCollapse size={22} /> : <IconLayoutSidebarLeftExpand size={22} />}
                </UnstyledButton>
              )}
              <div className={classes.topBarSpacer} />
              {topBarItems?.({ color: headerFg, compact: mobile || overlay })}
              {hasSection(user, ACTIVE_USERS_SECTION) && <ActiveUsersMenu user={user} color={headerFg} />}
              <LanguageMenu color={headerFg} compact={mobile || tablet || overlay} />
              <ProfileSwitcher user={user} color={headerFg} compact={mobile} />
              <UserMenu
                user={user}
                color={headerFg}
                compact={mobile || overlay}
                onChangePassword={() => setDialog('password')}
                onUpdateProfile={() => setDialog('profile')}
              />
            </div>
          </header>

          {overlay && overlayOpen && <Overlay fixed zIndex={180} backgroundOpacity={0.45} onClick={() => setOverlayOpen(false)} />}
          <aside id="side-menu" className={classes.sidebar} aria-hidden={overlay && !overlayOpen ? true : undefined} inert={overlay && !overlayOpen ? true : undefined}>
            {(!overlay || menuOpened) && (
              <SideMenu groups={menu()} rail={rail} onNavigate={overlay ? () => setOverlayOpen(false) : undefined} />
            )}
          </aside>

          <main id="main-content" className={classes.main} tabIndex={-1}>
            {banner}
            <BreadcrumbBar title={title} groupLabel={groupLabel} helpKey={helpKey} mobile={mobile} />
            <Box className={classes.content}>{children}</Box>
          </main>
        </div>
        {passwordWanted && (
          <ChangePasswordDialog
            opened={dialog === 'password'}
            onClose={() => setDialog(null)}
            employeeNumber={user.num_empleado ?? user.cve_empleado}
          />
        )}
        {dialog === 'profile' && (
          <Suspense fallback={null}>
            <UpdateProfileDialog opened onClose={() => setDialog(null)} user={user} />
          </Suspense>
        )}
        {floating}
      </PageChromeProvider>
    </DatesProvider>
  );
}
