import { UPLOADS_URL, type UploadJob } from './upload-types';

/** Table engine url of the uploads (own uploads; administrators see all). */
export const UPLOADS_TABLE_URL = `${UPLOADS_URL}/tabla`;

/** One row of the uploads table: the job's fields (plus who uploaded it, when the server says). */
export type UploadRow = UploadJob & { usuario?: string | null; nombre_empleado?: string | null };
