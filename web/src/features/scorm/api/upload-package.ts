import { topicPackageUrl } from './paths';
import type { SubidaScorm } from './types';
import { uploadWithProgress, type UploadAnswer, type UploadCallbacks } from './xhr-upload';

/** A fresh `id_carga`: the socket's `scorm:progress` events of this upload carry it. */
export function newUploadId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * POST catalogos/temas/{cve_tema}/scorm (multipart `id_carga`, `archivo`): 201 a new package,
 * 200 a new version of the topic's package. `id_carga` goes first so the server knows it
 * before the file's bytes stream in.
 */
export function uploadPackage(cveTema: number, file: File, idCarga: string, callbacks: UploadCallbacks = {}): Promise<UploadAnswer<SubidaScorm>> {
  const form = new FormData();
  form.append('id_carga', idCarga);
  form.append('archivo', file, file.name);
  return uploadWithProgress<SubidaScorm>(topicPackageUrl(cveTema), form, callbacks);
}
