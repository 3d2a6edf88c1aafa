import { describe, expect, it } from 'vitest';
import { expectMaxLength, issuesAt, published, t } from '@/test/published-limits';
import { absenceSchema } from './absence-schema';
import { employeeSchema } from './employee-schema';

// The forms take the limits the server publishes; these fail when a form copies one by hand.
describe('employee forms follow the limits the server publishes', () => {
  const employee = employeeSchema(t);

  it('number, name, e-mail and card id', () => {
    expectMaxLength(employee, {}, 'num_empleado', published('EmployeeForm', 'num_empleado').maxLength);
    expectMaxLength(employee, {}, 'nombre_empleado', published('EmployeeForm', 'nombre_empleado').maxLength);
    expectMaxLength(employee, {}, 'id_tarjeta', published('EmployeeForm', 'id_tarjeta').maxLength);
    const email = published('EmployeeForm', 'correo_empleado').maxLength ?? 0;
    const address = (n: number) => `${'a'.repeat(n - '@empresa.mx'.length)}@empresa.mx`;
    expectMaxLength(employee, {}, 'correo_empleado', email, address);
  });

  it('phone: the published digit counts', () => {
    const rules = published('EmployeeForm', 'telefono');
    const min = rules.minLength ?? 0;
    const max = rules.maxLength ?? 0;
    expect(issuesAt(employee, { telefono: '1'.repeat(min) }, 'telefono')).toEqual([]);
    expect(issuesAt(employee, { telefono: '1'.repeat(max) }, 'telefono')).toEqual([]);
    expect(issuesAt(employee, { telefono: '1'.repeat(min - 1) }, 'telefono')).not.toEqual([]);
    expect(issuesAt(employee, { telefono: '1'.repeat(max + 1) }, 'telefono')).not.toEqual([]);
  });

  it('absence reason', () => {
    const absence = absenceSchema(t);
    expectMaxLength(absence, {}, 'motivo', published('NuevaAusencia', 'motivo').maxLength);
  });
});
