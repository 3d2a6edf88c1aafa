/** Uploads are size-checked at 8 MB (spec §5/§9, docs/api-contract.md). */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
/** The image types the server accepts (sniffed there too): png, gif or jpeg. */
export const IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Why an image cannot be sent, or null when it can. */
export function imageProblem(file: File): 'type' | 'size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}

/** Why a material file cannot be sent, or null when it can. */
export function fileProblem(file: File): 'size' | null {
  return file.size > MAX_UPLOAD_BYTES ? 'size' : null;
}

/** "2.4 MB" style size. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
