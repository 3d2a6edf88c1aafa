export { BlocksScreen } from './components/blocks-screen';
