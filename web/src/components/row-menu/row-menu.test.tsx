import { Menu } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '@/test/utils';
import { RowMenu } from './row-menu';

beforeAll(async () => {
  await setupI18n();
});

function renderMenu() {
  const onPick = vi.fn();
  renderWithProviders(
    <RowMenu label="Acciones para Marta">
      {() => (
        <>
          <Menu.Item onClick={onPick}>Ver detalle</Menu.Item>
          <Menu.Item>Editar</Menu.Item>
        </>
      )}
    </RowMenu>,
  );
  return onPick;
}

describe('RowMenu', () => {
  it('mounts no menu until used, then opens on the first click and runs the chosen item', async () => {
    const onPick = renderMenu();
    expect(screen.queryByRole('menu', { hidden: true })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Acciones para Marta' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ver detalle' }));
    expect(onPick).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('opens from the keyboard and gives the focus back to its button on Escape', async () => {
    renderMenu();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Acciones para Marta' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Editar' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Acciones para Marta' })).toHaveFocus());
  });

  it('opens again after closing (the menu stays mounted)', async () => {
    renderMenu();
    const button = () => screen.getByRole('button', { name: 'Acciones para Marta' });
    await userEvent.click(button());
    await screen.findByRole('menuitem', { name: 'Editar' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await userEvent.click(button());
    expect(await screen.findByRole('menuitem', { name: 'Editar' })).toBeInTheDocument();
  });
});
