export { Dc3FollowUpScreen } from './components/dc3-follow-up-screen';
export { VerificationPage } from './components/verification-page';
