import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '@/test/utils';
import { buildTheme } from './brand';

describe('the theme names every close button', () => {
  beforeAll(async () => {
    await setupI18n();
  });
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('gives a toast\'s × the name "Cerrar" (a live notification may pop up on any screen)', async () => {
    render(
      <MantineProvider theme={buildTheme(undefined)}>
        <Notifications />
      </MantineProvider>,
    );
    act(() => {
      notifications.show({ id: 'n-1', title: 'Capacitaciones próximas a vencer', message: 'NOM-035 vence pronto' });
    });
    const toast = await screen.findByText('Capacitaciones próximas a vencer');
    expect(toast).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });

  it('uses the label given to the theme', async () => {
    render(
      <MantineProvider theme={buildTheme(undefined, { close: 'Close' })}>
        <Notifications />
      </MantineProvider>,
    );
    act(() => {
      notifications.show({ id: 'n-2', message: 'Saved' });
    });
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
