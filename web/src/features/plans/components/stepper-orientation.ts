import { useMediaQuery } from '@mantine/hooks';

/**
 * The plan wizards' stepper orientation: horizontal from the `sm` breakpoint (48em); below it
 * vertical, because a wrapping horizontal stepper at 390 px breaks into three rows with
 * separators dangling between them.
 */
export function useStepperOrientation(): 'horizontal' | 'vertical' {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return narrow ? 'vertical' : 'horizontal';
}
