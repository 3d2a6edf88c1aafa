export { OrgScreen } from './components/org-screen';
