export { ResourcesScreen } from './components/resources-screen';
