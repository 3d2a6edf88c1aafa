import { preload } from 'swr';
import { apiRequest } from '@/lib/api/client';
import { showPendingNotice } from '@/lib/auth/notice';
import { isValidatableSessionToken } from '@/lib/auth/jwt';
import { getToken } from '@/lib/auth/session';
import { startSession } from '@/lib/auth/session-start';
import { CIA_KEY, fetchCia } from '@/lib/company/get-cia';
import type { Cia } from '@/lib/company/types';
import { initI18n } from '@/lib/i18n';

let sessionStart: Promise<unknown> | null = null;

/**
 * The company configuration asked for with a stored session token while that token is
 * still being validated: a signed-in reload then waits one round trip less for the
 * company's colours. Quiet: when the token turns out to be stale the answer is dropped
 * and the configuration is asked for again with the token the session start leaves.
 */
function earlyCia(): Promise<Cia | null> | null {
  const stored = getToken();
  if (!isValidatableSessionToken(stored)) return null;
  return apiRequest<Cia>(CIA_KEY, { token: stored, errorDialog: false, sessionHandling: false }).catch(() => null);
}

/**
 * Runs spec §4's session start once per page load (StrictMode mounts effects twice). The
 * entry calls it before the texts load, so its requests go out with theirs.
 */
export function startOnce(): Promise<unknown> {
  // A logout that reloaded the page may have left a message for Login (session taken over).
  sessionStart ??= (() => {
    const early = earlyCia();
    return (
      startSession()
        .catch(() => undefined)
        .then((result) => {
          // The company's colours are asked for as soon as a token exists, not a render later.
          const fetcher =
            result === 'authenticated' && early
              ? () => early.then((cia) => cia ?? fetchCia())
              : fetchCia;
          void preload(CIA_KEY, fetcher).catch(() => undefined);
          return result;
        })
        // The start runs while the texts still load; the notice is shown in them.
        .then(async (result) => {
          await initI18n();
          showPendingNotice();
          return result;
        })
    );
  })();
  return sessionStart;
}
