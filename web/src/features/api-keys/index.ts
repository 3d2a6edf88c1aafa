export { ApiKeysScreen } from './components/api-keys-screen';
