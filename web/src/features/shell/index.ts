export { ShellLayout, type ShellLayoutProps } from './components/shell-layout';
export type { MenuEntry, MenuGroupEntries } from './components/side-menu';
