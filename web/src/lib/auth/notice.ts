import { showAlert } from '../alerts';
import { i18n } from '../i18n';

// sessionStorage, not localStorage: the notice belongs to the tab that was logged out.
const NOTICE_KEY = 'aula.notice';

/** Keeps a message to show once the page has reloaded on Login (logout reloads the page). */
export function setPendingNotice(message: string): void {
  try {
    window.sessionStorage.setItem(NOTICE_KEY, message);
  } catch {
    // Storage blocked: the user still lands on Login, just without the explanation.
  }
}

/** Returns and forgets the pending notice, if any. */
export function takePendingNotice(): string | null {
  try {
    const message = window.sessionStorage.getItem(NOTICE_KEY);
    if (message !== null) window.sessionStorage.removeItem(NOTICE_KEY);
    return message;
  } catch {
    return null;
  }
}

/** Shows the notice left by the last logout (e.g. 'Otra persona está utilizando este usuario'). */
export function showPendingNotice(): void {
  const message = takePendingNotice();
  if (!message) return;
  void showAlert({
    title: i18n.t('errors:ui.sesion_caducada_titulo'),
    message,
    confirmLabel: i18n.t('common:actions.accept'),
    tone: 'warning',
  });
}
