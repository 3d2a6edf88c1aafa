import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, useRef, useState, type PointerEvent, type ReactElement, type Ref } from 'react';

type Hoverable = ReactElement<{
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
}>;

export interface DeferredTooltipProps
  extends Omit<TooltipProps, 'children' | 'target' | 'opened' | 'defaultOpened' | 'events' | 'openDelay' | 'closeDelay'> {
  /** The element the tooltip describes (takes a ref and pointer events). */
  children: Hoverable;
}

/**
 * A Mantine Tooltip mounted when a mouse first points at its element: until then only the
 * element renders (a tooltip brings floating-ui, a portal and a transition that render with
 * the page although hidden). It shows while a mouse is over the element, as Mantine's does,
 * and attaches through `target`, so the element itself (and its focus) stays as it is.
 */
export function DeferredTooltip({ children, ...props }: DeferredTooltipProps) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const element = useRef<HTMLElement>(null);
  return (
    <>
      {cloneElement(children, {
        ref: element,
        onPointerEnter: (event: PointerEvent<HTMLElement>) => {
          children.props.onPointerEnter?.(event);
          // Mantine's tooltips answer hovering, not touch.
          if (event.pointerType !== 'mouse') return;
          setMounted(true);
          setOpened(true);
        },
        onPointerLeave: (event: PointerEvent<HTMLElement>) => {
          children.props.onPointerLeave?.(event);
          setOpened(false);
        },
      })}
      {mounted && <Tooltip {...props} target={element} opened={opened} />}
    </>
  );
}
