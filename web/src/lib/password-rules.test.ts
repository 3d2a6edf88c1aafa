import { describe, expect, it } from 'vitest';
import { checkPassword, isPasswordValid, PASSWORD_RULES } from './password-rules';

function failing(password: string, repeat = password, employee?: string | number) {
  return checkPassword(password, repeat, employee)
    .filter((c) => !c.ok)
    .map((c) => c.rule);
}

describe('password rules (spec §5)', () => {
  it('accepts a password that meets every rule', () => {
    expect(failing('Segura#2024')).toEqual([]);
    expect(isPasswordValid('Segura#2024', 'Segura#2024', 1234)).toBe(true);
  });

  it('lists the rules in the checklist order', () => {
    expect(checkPassword('', '').map((c) => c.rule)).toEqual([...PASSWORD_RULES]);
  });

  it('needs at least 8 characters', () => {
    expect(failing('Ab#12cd')).toEqual(['length']);
    expect(failing('Ab#12cde')).toEqual([]);
  });

  it('needs at least 2 digits', () => {
    expect(failing('Abcdef#1')).toEqual(['digits']);
  });

  it('needs a special (non-alphanumeric) character', () => {
    expect(failing('Abcdef12')).toEqual(['special']);
    expect(failing('Abcdef 12')).toEqual([]);
  });

  it('needs an uppercase and a lowercase letter, accents included', () => {
    expect(failing('abcdef#12')).toEqual(['upper']);
    expect(failing('ABCDEF#12')).toEqual(['lower']);
    expect(failing('ÁRBOLñ#12')).toEqual([]);
  });

  it('needs the repetition to be equal', () => {
    expect(failing('Segura#2024', 'Segura#2025')).toEqual(['match']);
  });

  it('must not be the employee number', () => {
    expect(failing('Segura#2024', 'Segura#2024', 'Segura#2024')).toEqual(['notEmployeeNumber']);
    expect(failing('Segura#2024', 'Segura#2024', 98765)).toEqual([]);
  });

  it('holds nothing for an empty password', () => {
    expect(isPasswordValid('', '')).toBe(false);
    expect(checkPassword('', '').every((c) => !c.ok)).toBe(true);
  });
});
