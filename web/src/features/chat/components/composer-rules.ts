/** Spec §9: a chat message has at most 100 characters. */
export const MAX_MESSAGE_LENGTH = 100;
/** Spec §9: uploads under 8 MB. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Spec §5: chat images are png or jpeg only. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

/** Characters as the server counts them (code points, so an emoji is one). */
export function messageLength(text: string): number {
  return [...text].length;
}

/** Cuts a text to the maximum length (what the input allows). */
export function clampMessage(text: string): string {
  const chars = [...text];
  return chars.length > MAX_MESSAGE_LENGTH ? chars.slice(0, MAX_MESSAGE_LENGTH).join('') : text;
}

/** Why a text cannot be sent, or null when it can. */
export function messageProblem(text: string): 'empty' | 'too_long' | null {
  if (text.trim() === '') return 'empty';
  if (messageLength(text.trim()) > MAX_MESSAGE_LENGTH) return 'too_long';
  return null;
}

function typeOf(file: File): string {
  if (file.type) return file.type.toLowerCase();
  // Some systems leave the type empty: fall back on the extension.
  const ext = file.name.split('.').pop()?.toLowerCase();
  return ext === 'png' ? 'image/png' : ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : '';
}

/** Why a file cannot be sent as a chat image, or null when it can. */
export function imageProblem(file: File): 'type' | 'size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(typeOf(file))) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}
