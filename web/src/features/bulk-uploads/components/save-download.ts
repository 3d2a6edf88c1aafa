import { saveBlob } from '@/components/data-table/export';
import type { DownloadedFile } from '@/lib/api/client';

/** Saves a downloaded file under the server's name, or the given one. */
export function saveDownload(file: DownloadedFile, fallbackName: string): void {
  saveBlob(file.blob, file.filename || fallbackName);
}
