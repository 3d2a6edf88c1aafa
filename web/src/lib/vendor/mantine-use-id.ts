import { useId as useReactId } from 'react';

/**
 * Stands in for `@mantine/hooks`' useId in the built app (see vite.config.ts). Mantine's
 * hook returns React's id and then, in a layout effect on mount, swaps it for a random one:
 * a state update, so every popover, menu, tooltip, input and tab list renders twice, the
 * second time synchronously right after the first commit (a page's largest task on a phone).
 * React's id is already unique and stable for the component's lifetime, which is all
 * Mantine uses the id for (labels, aria references, keys).
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  // Only characters valid unescaped in a CSS selector (React's ids carry « » or colons).
  return `mantine-${reactId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
}
