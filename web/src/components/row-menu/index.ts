export { RowMenu, type RowMenuProps } from './row-menu';
