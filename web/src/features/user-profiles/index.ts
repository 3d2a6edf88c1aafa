export { UserProfilesScreen } from './components/user-profiles-screen';
