import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearAlerts, pendingAlerts } from '@/lib/alerts';
import { setupI18n } from '@/test/utils';
import { setPendingNotice, showPendingNotice, takePendingNotice } from './notice';

beforeAll(async () => {
  await setupI18n();
});

afterEach(() => {
  clearAlerts();
  window.sessionStorage.clear();
});

describe('notice after logout', () => {
  it('shows the message a logout left, once, after the reload', () => {
    setPendingNotice('Otra persona está utilizando este usuario');
    showPendingNotice();
    expect(pendingAlerts().map((a) => [a.title, a.message])).toEqual([
      ['Sesión Caducada', 'Otra persona está utilizando este usuario'],
    ]);
    expect(takePendingNotice()).toBeNull();
    showPendingNotice();
    expect(pendingAlerts()).toHaveLength(1);
  });
});
