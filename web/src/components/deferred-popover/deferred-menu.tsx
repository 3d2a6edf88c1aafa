import { Menu, Popover, type MenuProps, type PopoverProps } from '@mantine/core';
import { cloneElement, useEffect, useRef, useState, type ReactElement, type ReactNode, type Ref } from 'react';

/** The button a deferred menu or popover opens from: an element that takes a ref and a click. */
type Trigger = ReactElement<{
  ref?: Ref<HTMLElement>;
  onClick?: (event: never) => void;
  'aria-haspopup'?: string;
  'aria-expanded'?: boolean;
}>;

/**
 * Mounts on the first click and keeps focus usable: Mantine's popovers each bring a portal,
 * floating-ui and a transition that render (and re-render) with the page although closed, so
 * until first used only the button exists. The first click mounts the popover open around a
 * new button; closing gives the focus back to that button when it would otherwise be lost.
 */
function useDeferred() {
  const [mounted, setMounted] = useState(false);
  const triggerRef = useRef<HTMLElement>(null);
  const dropdownRef = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  // The stand-in had the focus: its replacement takes it (the opened popup may then move it).
  useEffect(() => {
    if (mounted && hadFocus.current && document.activeElement === document.body) triggerRef.current?.focus();
  }, [mounted]);
  const mount = () => {
    hadFocus.current = document.activeElement === triggerRef.current;
    setMounted(true);
  };
  const onClosed = () => {
    const active = document.activeElement;
    if (!active || active === document.body || dropdownRef.current?.contains(active)) triggerRef.current?.focus();
  };
  return { mounted, mount, triggerRef, dropdownRef, onClosed };
}

function standIn(target: Trigger, popup: 'menu' | 'dialog', mount: () => void, triggerRef: Ref<HTMLElement>) {
  return cloneElement(target, {
    ref: triggerRef,
    'aria-haspopup': popup,
    'aria-expanded': false,
    onClick: (event: never) => {
      target.props.onClick?.(event);
      mount();
    },
  });
}

export interface DeferredMenuProps extends Omit<MenuProps, 'children' | 'opened' | 'defaultOpened'> {
  /** The button that opens the menu. */
  target: Trigger;
  /** The menu's items, rendered only while the menu exists. */
  children: () => ReactNode;
}

/** A Mantine Menu that costs one button until first opened (see useDeferred). */
export function DeferredMenu({ target, children, onClose, ...props }: DeferredMenuProps) {
  const { mounted, mount, triggerRef, dropdownRef, onClosed } = useDeferred();
  if (!mounted) return standIn(target, 'menu', mount, triggerRef);
  return (
    // hideDetached off: opened at mount, the first position check may see the new button
    // before it is laid out and hide the dropdown.
    <Menu
      hideDetached={false}
      {...props}
      defaultOpened
      onClose={() => {
        onClosed();
        onClose?.();
      }}
    >
      <Menu.Target>{cloneElement(target, { ref: triggerRef })}</Menu.Target>
      <Menu.Dropdown ref={dropdownRef}>{children()}</Menu.Dropdown>
    </Menu>
  );
}

export interface DeferredPopoverProps extends Omit<PopoverProps, 'children' | 'opened' | 'defaultOpened'> {
  /** The button that opens the popover. */
  target: Trigger;
  /** The popover's content, rendered only while the popover exists. */
  children: () => ReactNode;
  /** Props of the dropdown (padding). */
  dropdownProps?: { p?: number | string };
}

/** A Mantine Popover that costs one button until first opened (see useDeferred). */
export function DeferredPopover({ target, children, onClose, dropdownProps, ...props }: DeferredPopoverProps) {
  const { mounted, mount, triggerRef, dropdownRef, onClosed } = useDeferred();
  if (!mounted) return standIn(target, 'dialog', mount, triggerRef);
  return (
    <Popover
      hideDetached={false}
      {...props}
      defaultOpened
      onClose={() => {
        onClosed();
        onClose?.();
      }}
    >
      <Popover.Target>{cloneElement(target, { ref: triggerRef })}</Popover.Target>
      <Popover.Dropdown ref={dropdownRef} {...dropdownProps}>
        {children()}
      </Popover.Dropdown>
    </Popover>
  );
}
