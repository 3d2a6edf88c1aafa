import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';

export interface RowMenuProps {
  /** Accessible name of the "⋯" button (names the row). */
  label: string;
  /** The menu's items, rendered only while the menu exists. */
  children: () => ReactNode;
}

/**
 * A row's "⋯" actions menu that costs one button until it is first used: a table page has
 * up to 100 rows, and a mounted Mantine Menu per row (popover, floating position, focus
 * handling) is most of a page's render time. The first click mounts the menu open around
 * a new button; closing it gives the focus back to that button.
 */
export function RowMenu({ label, children }: RowMenuProps) {
  const [mounted, setMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const button = (
    <ActionIcon
      ref={trigger}
      variant="subtle"
      color="gray"
      aria-label={label}
      aria-haspopup="menu"
      onClick={mounted ? undefined : () => setMounted(true)}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
  if (!mounted) return button;
  return (
    // hideDetached off: opened at mount, the first position check may see the new button
    // before it is laid out and hide the menu.
    <Menu defaultOpened hideDetached={false} position="bottom-end" withinPortal shadow="md" onClose={() => trigger.current?.focus()}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>{children()}</Menu.Dropdown>
    </Menu>
  );
}
