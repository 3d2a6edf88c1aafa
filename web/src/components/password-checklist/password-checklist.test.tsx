import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Button } from '@mantine/core';
import { isPasswordValid } from '@/lib/password-rules';
import { renderWithProviders, setupI18n } from '@/test/utils';
import { PasswordChecklist } from './password-checklist';

beforeAll(async () => {
  await setupI18n();
});

function Form({ employee }: { employee: string }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  return (
    <>
      <label>
        Nueva
        <input value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <label>
        Repite
        <input value={repeat} onChange={(e) => setRepeat(e.target.value)} />
      </label>
      <PasswordChecklist password={password} repeat={repeat} employeeNumber={employee} />
      <Button disabled={!isPasswordValid(password, repeat, employee)}>Enviar</Button>
    </>
  );
}

function ruleItem(text: string) {
  return screen.getByText(text).closest('[data-rule]') as HTMLElement;
}

describe('PasswordChecklist', () => {
  it('shows an alert icon per unmet rule and a check once it holds', async () => {
    renderWithProviders(<Form employee="12345" />);
    expect(ruleItem('Al menos 8 caracteres')).toHaveAttribute('data-ok', 'false');
    expect(screen.getAllByLabelText('Pendiente')).toHaveLength(7);

    await userEvent.type(screen.getByLabelText('Nueva'), 'abcdefgh');
    expect(ruleItem('Al menos 8 caracteres')).toHaveAttribute('data-ok', 'true');
    expect(ruleItem('Al menos 1 letra minúscula')).toHaveAttribute('data-ok', 'true');
    expect(ruleItem('Al menos 1 letra mayúscula')).toHaveAttribute('data-ok', 'false');
    expect(ruleItem('Al menos 2 números')).toHaveAttribute('data-ok', 'false');
  });

  it('keeps Enviar disabled until every rule holds', async () => {
    renderWithProviders(<Form employee="12345" />);
    const send = screen.getByRole('button', { name: 'Enviar' });
    await userEvent.type(screen.getByLabelText('Nueva'), 'Segura#2024');
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Repite'), 'Segura#2024');
    expect(send).toBeEnabled();
    expect(screen.getAllByLabelText('Cumple')).toHaveLength(7);
  });

  it('flags a password equal to the employee number', async () => {
    renderWithProviders(<Form employee="Abc#12345" />);
    await userEvent.type(screen.getByLabelText('Nueva'), 'Abc#12345');
    await userEvent.type(screen.getByLabelText('Repite'), 'Abc#12345');
    expect(ruleItem('No es igual a tu número de empleado')).toHaveAttribute('data-ok', 'false');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });
});
