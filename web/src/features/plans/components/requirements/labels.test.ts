import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '@/test/utils';
import { doneMessage } from './labels';

beforeAll(async () => {
  await setupI18n('plans');
});

describe('plan messages with numbers', () => {
  const t = i18n.t.bind(i18n);

  it('gives the requirements and the employees each their own plural', () => {
    expect(doneMessage(t, { requerimientos: [1], empleados_alcanzados: 1 })).toBe('Se creó 1 requerimiento; alcanza a 1 empleado');
    expect(doneMessage(t, { requerimientos: [1], empleados_alcanzados: 2 })).toBe('Se creó 1 requerimiento; alcanza a 2 empleados');
    expect(doneMessage(t, { requerimientos: [1, 2], empleados_alcanzados: 1 })).toBe('Se crearon 2 requerimientos; alcanzan a 1 empleado');
    expect(doneMessage(t, { requerimientos: [1, 2], empleados_alcanzados: 2 })).toBe('Se crearon 2 requerimientos; alcanzan a 2 empleados');
  });

  it('says día/días, asignado/asignados and carácter/caracteres by the number', () => {
    expect(t('plans:wizard.summary_days', { count: 1 })).toBe('1 día límite');
    expect(t('plans:wizard.summary_days', { count: 2 })).toBe('2 días límite');
    const seats = (n: number) => t('plans:assignment.seats', { libres: 3, capacidad: 5, assigned: t('plans:assignment.assigned', { count: n }) });
    expect(seats(1)).toBe('Lugares libres: 3 de 5 (1 asignado)');
    expect(seats(2)).toBe('Lugares libres: 3 de 5 (2 asignados)');
    expect(t('plans:assignment.seats_unlimited', { assigned: t('plans:assignment.assigned', { count: 1 }) })).toBe('Sin límite de lugares (1 asignado)');
    expect(t('plans:picker.min', { count: 1 })).toBe('Escribe al menos 1 carácter');
    expect(t('plans:picker.min', { count: 2 })).toBe('Escribe al menos 2 caracteres');
  });

  it('does the same in English', async () => {
    await i18n.changeLanguage('en');
    try {
      expect(doneMessage(t, { requerimientos: [1], empleados_alcanzados: 1 })).toBe('1 requirement created; it reaches 1 employee');
      expect(doneMessage(t, { requerimientos: [1, 2], empleados_alcanzados: 2 })).toBe('2 requirements created; they reach 2 employees');
    } finally {
      await i18n.changeLanguage('es');
    }
  });
});
