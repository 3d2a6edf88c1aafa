import { useParams } from 'react-router';
import { ConfirmEmailPage } from '@/features/shell';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('shell', 'errors');
  return null;
}

export function Component() {
  const { token = '' } = useParams();
  return <ConfirmEmailPage token={token} />;
}
