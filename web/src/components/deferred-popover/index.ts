export { DeferredMenu, DeferredPopover, type DeferredMenuProps, type DeferredPopoverProps } from './deferred-menu';
export { DeferredTooltip, type DeferredTooltipProps } from './deferred-tooltip';
