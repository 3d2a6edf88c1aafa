export { Dc3IncompleteModal } from './dc3-incomplete-modal';
export { useDc3Download } from './use-dc3-download';
