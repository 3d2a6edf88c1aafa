import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

export interface DemoClient {
  cve_cliente: number | string;
  nombre_cliente: string;
}

const KEY = `${PRI}/clientesDemo`;

/** GET /api/pri/clientesDemo → the demo entities. */
export async function fetchDemoClients(): Promise<DemoClient[]> {
  const answer = await apiRequest<{ clientesDemo?: DemoClient[] }>(KEY, { errorDialog: false });
  return answer?.clientesDemo ?? [];
}

/** Demo entities, only requested in demo mode. */
export function useDemoClients(enabled: boolean) {
  return useSWR<DemoClient[]>(enabled ? KEY : null, fetchDemoClients, { revalidateOnFocus: false });
}
