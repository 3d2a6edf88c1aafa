/** An http(s) address safe to open in a new tab, or null (no `javascript:` links from data). */
export function safeMeetingUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
