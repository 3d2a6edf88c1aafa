export { Dc3FollowUpScreen } from './components/dc3-follow-up-screen';
export { Dc4Screen } from './components/dc4-screen';
export { VerificationPage } from './components/verification-page';
