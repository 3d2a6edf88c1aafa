import { redirect } from 'react-router';
import { LoginPage } from '@/features/auth';
import { getSession } from '@/lib/auth/session';
import { loadNamespaces } from './route-namespaces';

/** A signed-in user opening Login goes to the dashboard instead. */
export async function loader() {
  if (getSession().authenticated) return redirect('/menu/dashboard');
  await loadNamespaces('auth');
  return null;
}

export function Component() {
  return <LoginPage />;
}
