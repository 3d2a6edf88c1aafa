/**
 * Browser side effects behind one object so tests can observe them
 * (`vi.spyOn(browser, 'reloadTo')`) instead of navigating jsdom away.
 */
export const browser = {
  /** Full page load of a path: logout "returns to Login and reloads" (spec §4). */
  reloadTo(path: string): void {
    window.location.assign(path);
  },
  /** Reloads the current page (profile update success). */
  reload(): void {
    window.location.reload();
  },
};

/** Browser and OS names the login call reports (`navegador`, `sistema_operativo`). */
export function describeClient(userAgent: string = navigator.userAgent): {
  navegador: string;
  sistema_operativo: string;
} {
  const ua = userAgent;
  const navegador = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Otro';
  const sistema_operativo = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'Otro';
  return { navegador, sistema_operativo };
}
