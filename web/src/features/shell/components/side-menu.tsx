import { NavLink, ScrollArea, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DeferredTooltip } from '@/components/deferred-popover';
import classes from './shell.module.css';

/** One side-menu entry (already filtered by permission). */
export interface MenuEntry {
  key: string;
  to: string;
  label: string;
  icon: Icon;
}

/** A group of entries under its nomseccion1 label. */
export interface MenuGroupEntries {
  group: string;
  label: string;
  entries: MenuEntry[];
}

/** The permission-filtered side menu; `rail` shows icons only. */
export function SideMenu({ groups, rail, onNavigate }: { groups: MenuGroupEntries[]; rail: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('menu.label')} className={classes.nav}>
      <ScrollArea className={classes.navScroll} type="hover" scrollbarSize={6}>
        {groups.length === 0 && !rail && (
          <Text size="sm" className={classes.navEmpty}>
            {t('menu.empty')}
          </Text>
        )}
        {groups.map((group) => (
          <div key={group.group} className={classes.navGroup} role="group" aria-label={group.label}>
            {!rail && <div className={classes.navGroupLabel}>{group.label}</div>}
            {group.entries.map((entry) => {
              const active = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
              const Icon = entry.icon;
              const link = (
                <NavLink
                  key={entry.key}
                  component={Link}
                  to={entry.to}
                  onClick={onNavigate}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  aria-label={rail ? entry.label : undefined}
                  label={rail ? null : entry.label}
                  leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
                  className={classes.navLink}
                  data-rail={rail || undefined}
                />
              );
              return rail ? (
                <DeferredTooltip key={entry.key} label={entry.label} position="right" withinPortal>
                  {link}
                </DeferredTooltip>
              ) : (
                link
              );
            })}
          </div>
        ))}
      </ScrollArea>
    </nav>
  );
}
