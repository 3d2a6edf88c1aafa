export { TrialBanner } from './components/trial-banner';
export { preloadTrial } from './api/get-trial';
