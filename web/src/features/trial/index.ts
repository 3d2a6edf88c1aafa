export { TrialBanner } from './components/trial-banner';
