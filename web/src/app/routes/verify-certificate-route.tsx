import { useParams } from 'react-router';
import { VerificationPage } from '@/features/certificates';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('certificates');
  return null;
}

/** /verificar and /verificar/:codigo (public: the QR printed on every certificate). */
export function Component() {
  const { codigo = '' } = useParams();
  return <VerificationPage codigo={codigo} />;
}
