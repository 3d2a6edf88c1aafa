import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DeferredMenu } from '../deferred-popover';

export interface RowMenuProps {
  /** Accessible name of the "⋯" button (names the row). */
  label: string;
  /** The menu's items, rendered only while the menu exists. */
  children: () => ReactNode;
}

/**
 * A row's "⋯" actions menu that costs one button until it is first used: a table page has
 * up to 100 rows, and a mounted Mantine Menu per row (popover, floating position, focus
 * handling) is most of a page's render time (see DeferredMenu).
 */
export function RowMenu({ label, children }: RowMenuProps) {
  return (
    <DeferredMenu
      position="bottom-end"
      withinPortal
      shadow="md"
      target={
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      }
    >
      {children}
    </DeferredMenu>
  );
}
