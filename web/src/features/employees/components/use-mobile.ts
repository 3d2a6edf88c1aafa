import { useMediaQuery } from '@mantine/hooks';

/** Phones (below Mantine's `sm`): dialogs go full screen. */
export function useMobile(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false }) ?? false;
}
