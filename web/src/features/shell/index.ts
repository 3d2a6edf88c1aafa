export { ShellLayout, type ShellLayoutProps, type TopBarContext } from './components/shell-layout';
export type { MenuEntry, MenuGroupEntries } from './components/side-menu';
export { ConfirmEmailPage } from './components/confirm-email-page';
