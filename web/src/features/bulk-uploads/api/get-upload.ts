import useSWR from 'swr';
import { apiRequest } from '@/lib/api/client';
import { UPLOADS_URL, type UploadJob } from './upload-types';

/** GET cargas_masivas/{id_carga}. */
export function fetchUpload(id: number): Promise<UploadJob> {
  return apiRequest<UploadJob>(`${UPLOADS_URL}/${id}`, { errorDialog: false });
}

/** One job; refreshed by the caller (socket events and polling, see use-upload-progress). */
export function useUpload(id: number | null) {
  return useSWR<UploadJob>(id === null ? null : ['cargas_masivas', id], () => fetchUpload(id as number), {
    revalidateOnFocus: false,
  });
}
