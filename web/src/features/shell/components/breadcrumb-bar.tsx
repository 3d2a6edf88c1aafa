import { Anchor, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageChromeShape } from '@/components/page-chrome';
import { ActionBar } from './action-bar';
import { HelpButton } from './help-button';
import classes from './shell.module.css';

// The date picker (and its calendar code) downloads only for screens that show the filter.
const DateRangeFilter = lazy(() => import('./date-range-filter').then((m) => ({ default: m.DateRangeFilter })));

export interface BreadcrumbBarProps {
  title: string;
  groupLabel?: string;
  helpKey?: string;
  mobile?: boolean;
}

/** Breadcrumb with title and help icon, plus the screen's date filter and action buttons. */
export function BreadcrumbBar({ title, groupLabel, helpKey, mobile }: BreadcrumbBarProps) {
  const { t } = useTranslation('shell');
  const { shape } = usePageChromeShape();
  return (
    <div className={classes.crumbBar}>
      <div className={classes.crumbTitle}>
        <Breadcrumbs separator="›" aria-label={t('breadcrumb')} className={classes.crumbs}>
          <Anchor component={Link} to="/menu/dashboard" size="xs" c="dimmed">
            {t('home')}
          </Anchor>
          {groupLabel && (
            <Text size="xs" c="dimmed">
              {groupLabel}
            </Text>
          )}
          <Text size="xs" c="dimmed" aria-current="page">
            {title}
          </Text>
        </Breadcrumbs>
        <Group gap={4} wrap="nowrap">
          <Title order={1} size="h3" className={classes.pageTitle}>
            {title}
          </Title>
          {helpKey && <HelpButton clave={helpKey} />}
        </Group>
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap" className={classes.crumbTools}>
        {shape.dateFilter && (
          <Suspense fallback={<div className={mobile ? classes.dateFilterSlotCompact : classes.dateFilterSlot} />}>
            <DateRangeFilter compact={mobile} />
          </Suspense>
        )}
        <ActionBar iconsOnly={mobile} />
      </Group>
    </div>
  );
}
