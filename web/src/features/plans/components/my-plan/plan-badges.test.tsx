import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '@/test/utils';
import { StateBadge } from './plan-badges';

beforeAll(async () => {
  await setupI18n('plans');
});

describe('StateBadge', () => {
  it('keeps its full width in a table column (no "A…" for Acreditado)', () => {
    renderWithProviders(
      <table>
        <tbody>
          <tr>
            <td>
              <StateBadge estado="No acreditado" />
            </td>
          </tr>
        </tbody>
      </table>,
    );
    const badge = screen.getByText('No acreditado').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.style.minWidth).toBe('max-content');
    expect(badge.style.flexShrink).toBe('0');
  });
});
