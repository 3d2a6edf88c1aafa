import { createContext, useContext } from 'react';

/** How a screen moves to another client route, with or without the router loaded. */
export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): void;
}

const NavigatorContext = createContext<Navigator | null>(null);

/**
 * Gives the screens below it a way to navigate. The Login page is first shown without the
 * router (keeping it off the first download); the router's routes provide one backed by
 * react-router (`RouterNavigator`).
 */
export const NavigatorProvider = NavigatorContext.Provider;

/** The navigation of the nearest `NavigatorProvider`. */
export function useNavigator(): Navigator {
  const navigator = useContext(NavigatorContext);
  if (!navigator) throw new Error('useNavigator needs a NavigatorProvider above it');
  return navigator;
}
