/** Spec §9: the video modal comes in 320, 640 and 1280 pixel widths. */
export function videoWidth(viewport: number): 320 | 640 | 1280 {
  if (viewport >= 1340) return 1280;
  if (viewport >= 700) return 640;
  return 320;
}

/** Turns YouTube / Vimeo page links into their embeddable form. */
export function embedUrl(link: string): { kind: 'video' | 'iframe'; src: string } {
  if (/\.(mp4|webm|ogg)(\?.*)?$/i.test(link)) return { kind: 'video', src: link };
  try {
    const url = new URL(link);
    if (url.hostname.includes('youtube.com') && url.searchParams.get('v')) {
      return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${url.searchParams.get('v')}` };
    }
    if (url.hostname === 'youtu.be') {
      return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed${url.pathname}` };
    }
    if (url.hostname === 'vimeo.com') {
      return { kind: 'iframe', src: `https://player.vimeo.com/video${url.pathname}` };
    }
  } catch {
    // Not an absolute URL: embed as given.
  }
  return { kind: 'iframe', src: link };
}
