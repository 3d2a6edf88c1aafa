import { preload } from 'swr';
import { showPendingNotice } from '@/lib/auth/notice';
import { startSession } from '@/lib/auth/session-start';
import { CIA_KEY, fetchCia } from '@/lib/company/get-cia';
import { initI18n } from '@/lib/i18n';

let sessionStart: Promise<unknown> | null = null;

/**
 * Runs spec §4's session start once per page load (StrictMode mounts effects twice). The
 * entry calls it before the texts load, so its requests go out with theirs.
 */
export function startOnce(): Promise<unknown> {
  // A logout that reloaded the page may have left a message for Login (session taken over).
  sessionStart ??= startSession()
    .catch(() => undefined)
    .then((result) => {
      // The company's colours are asked for as soon as a token exists, not a render later.
      void preload(CIA_KEY, fetchCia).catch(() => undefined);
      return result;
    })
    // The start runs while the texts still load; the notice is shown in them.
    .then(async (result) => {
      await initI18n();
      showPendingNotice();
      return result;
    });
  return sessionStart;
}

