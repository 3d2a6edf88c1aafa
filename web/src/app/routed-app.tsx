import './styles/app-styles';
import { RouterProvider } from 'react-router';
import { router } from './router';

/** Every route of the app; loaded after the first screen unless it needs the router. */
export default function RoutedApp() {
  return <RouterProvider router={router} />;
}
