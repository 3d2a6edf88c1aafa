import { useParams } from 'react-router';
import { RestorePasswordPage } from '@/features/auth';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('auth');
  return null;
}

export function Component() {
  const { jwt = '' } = useParams();
  return <RestorePasswordPage jwt={jwt} />;
}
