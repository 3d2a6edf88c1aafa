export { showSaved } from './success-toast';
