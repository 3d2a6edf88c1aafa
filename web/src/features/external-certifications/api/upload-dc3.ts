import { apiRequest } from '@/lib/api/client';
import { PROVEEDOR } from './paths';
import type { Dc3Subido } from './types';

/**
 * POST proveedor/dc3 (multipart `archivo`): stores a DC-3 PDF and answers its key, accepted
 * once and only from this session (415 not a PDF, 413 over 8 MB). The caller shows failures.
 */
export function postDc3File(file: File): Promise<Dc3Subido> {
  const body = new FormData();
  body.append('archivo', file, file.name);
  return apiRequest<Dc3Subido>(`${PROVEEDOR}/dc3`, { method: 'POST', body, errorDialog: false });
}
