import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type SelectionChange } from '@/components/data-table';
import { EMPLOYEES_TABLE_URL } from '@/lib/api/shared/employees-selection';
import { POSITIONS_TABLE_URL, type EmployeeRow, type PositionRow } from './targets';
import type { AssignmentType } from './wizard-rules';

const ALL_EMPLOYEES = { vista: 'todos' };

/** The positions or employees table with row selection (names of seen rows go to `seen`). */
export function TargetsTable({ tipo, seen, onSelectionChange }: { tipo: AssignmentType; seen: RefObject<Map<number, string>>; onSelectionChange: (s: SelectionChange) => void }) {
  const { t } = useTranslation('plans');
  const positionColumns = useMemo<DataTableColumn<PositionRow>[]>(
    () => [
      { field: 'cve_puesto', header: t('plans:wizard.fields.clave'), width: 80 },
      { field: 'puesto', header: t('plans:wizard.fields.puesto') },
      { field: 'estructura', header: t('plans:wizard.fields.estructura') },
      { field: 'empleados', header: t('plans:wizard.fields.empleados'), align: 'right', width: 110 },
    ],
    [t],
  );
  const employeeColumns = useMemo<DataTableColumn<EmployeeRow>[]>(
    () => [
      { field: 'num_empleado', header: t('plans:wizard.fields.num_empleado'), width: 110 },
      { field: 'nombre_empleado', header: t('plans:wizard.fields.nombre_empleado') },
      { field: 'puesto', header: t('plans:wizard.fields.puesto') },
      { field: 'n4', header: t('plans:wizard.fields.n4') },
      { field: 'planta', header: t('plans:wizard.fields.planta') },
    ],
    [t],
  );
  if (tipo === 'puestos') {
    return (
      <DataTable<PositionRow>
        url={POSITIONS_TABLE_URL}
        title={t('plans:wizard.positions_title')}
        columns={positionColumns}
        rowKey={(row) => {
          seen.current.set(row.cve_puesto, row.puesto);
          return row.cve_puesto;
        }}
        defaultSort={{ field: 'puesto', direction: 'asc' }}
        selectable
        onSelectionChange={onSelectionChange}
        emptyMessage={t('plans:wizard.positions_empty')}
      />
    );
  }
  return (
    <DataTable<EmployeeRow>
      url={EMPLOYEES_TABLE_URL}
      title={t('plans:wizard.employees_title')}
      columns={employeeColumns}
      rowKey={(row) => {
        seen.current.set(row.cve_empleado, row.nombre_empleado);
        return row.cve_empleado;
      }}
      filtersEXT={ALL_EMPLOYEES}
      defaultSort={{ field: 'nombre_empleado', direction: 'asc' }}
      selectable
      onSelectionChange={onSelectionChange}
      emptyMessage={t('plans:wizard.employees_empty')}
    />
  );
}
