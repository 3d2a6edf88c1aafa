export { StpsScreen } from './components/stps-screen';
