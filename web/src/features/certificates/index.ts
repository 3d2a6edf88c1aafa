export { VerificationPage } from './components/verification-page';
