export { ActiveBadge } from './active-badge';
