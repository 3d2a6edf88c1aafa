import { redirect } from 'react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import { getSession } from '@/lib/auth/session';
import { RouterNavigator } from '@/lib/navigation/router-navigator';
import { loadNamespaces } from './route-namespaces';

/** A signed-in user opening Login goes to the dashboard instead. */
export async function loader() {
  if (getSession().authenticated) return redirect('/menu/dashboard');
  await loadNamespaces('auth');
  return null;
}

export function Component() {
  return (
    <RouterNavigator>
      <LoginPage />
    </RouterNavigator>
  );
}
