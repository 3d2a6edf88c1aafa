import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useNavigator } from './navigation';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * An in-app link: a real `<a href>` (open in new tab, copy link) whose plain click goes
 * through the navigator instead of reloading the page.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ to, onClick, ...rest }, ref) {
  const { navigate } = useNavigator();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (rest.target && rest.target !== '_self')) return;
    event.preventDefault();
    navigate(to);
  };
  return <a ref={ref} href={to} onClick={follow} {...rest} />;
});
