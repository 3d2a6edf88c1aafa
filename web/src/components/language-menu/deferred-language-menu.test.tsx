import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '@/test/utils';
import { DeferredLanguageMenu } from './deferred-language-menu';
import { LanguageMenu } from './language-menu';

/** What a user sees and hears of a button. */
function looks(button: HTMLElement) {
  return {
    name: button.getAttribute('aria-label'),
    text: button.textContent,
    style: button.getAttribute('style'),
    className: button.className,
  };
}

beforeAll(async () => {
  await setupI18n();
});

describe('DeferredLanguageMenu', () => {
  it('stands in with the same button as LanguageMenu (look and accessible name)', () => {
    const real = renderWithProviders(<LanguageMenu compact color="#123456" />);
    const expected = looks(screen.getByRole('button'));
    real.unmount();
    renderWithProviders(<DeferredLanguageMenu compact color="#123456" />);
    expect(looks(screen.getByRole('button'))).toEqual(expected);
  });

  it('opens the real menu when the stand-in is pressed', async () => {
    renderWithProviders(<DeferredLanguageMenu compact />);
    await userEvent.click(screen.getByRole('button', { name: /^Idioma/ }));
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'English' })).toBeInTheDocument());
  });
});
