export { LoginPage } from './components/login-page';
export { RestorePasswordPage } from './components/restore-password-page';
