import { Anchor, Breadcrumbs, Group, Menu, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Menu.css';
import { IconUsers } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { RowMenu } from '@/components/row-menu';
import { POPULATION_EMPLOYEES_URL, POPULATION_URL, type PopulationEmployeeRow, type PopulationLevel, type PopulationRow } from '../../api/population';
import { useCells } from '../tables/cells';
import { levelAfter, type Step } from './population-rules';

/**
 * /menu/control_poblacion: headcount, employees with a plan, trained, compliant and with expired
 * topics, by structure level (N2 → N7, or plants) with a drill-down breadcrumb, down to employees.
 */
export function PopulationScreen() {
  const { t } = useTranslation(['plans', 'common']);
  const c = useCells();
  const table = useRef<DataTableHandle>(null);
  const [trail, setTrail] = useState<Step[]>([]);
  const [byPlant, setByPlant] = useState(false);
  const [employees, setEmployees] = useState<Step | null>(null);
  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });

  const last = trail.at(-1);
  const plantsOffered = !last || last.nivel === 4;
  const nivel: PopulationLevel = byPlant && plantsOffered ? 'planta' : levelAfter(last);
  const filtersEXT = useMemo(
    () => (employees ? { nivel: employees.nivel, cve: employees.cve } : last ? { nivel, padre: last.cve } : { nivel }),
    [employees, last, nivel],
  );
  const levelName = (n: PopulationLevel) => (n === 'planta' ? t('plans:population.plants') : t('plans:structure.level', { nivel: n }));

  const open = (row: PopulationRow) => {
    const step: Step = { nivel, cve: row.cve, nombre: row.nombre };
    if (nivel === 'planta' || nivel === 7) setEmployees(step);
    else {
      setTrail((x) => [...x, step]);
      setByPlant(false);
    }
  };

  // Compliance is the figure users come for: it follows the name (and headcount), so it shows at
  // 1366 px without scrolling sideways. The order is the web's own (the server sends rows only).
  const columns = useMemo<DataTableColumn<PopulationRow>[]>(
    () => [
      { field: 'nombre', header: t('plans:population.fields.nombre') },
      { field: 'plantilla', header: t('plans:population.fields.plantilla'), align: 'right' },
      { field: 'porcentaje', header: t('plans:reports.fields.porcentaje'), align: 'right', cell: (r) => c.percent(r.porcentaje), printValue: (r) => c.percent(r.porcentaje) },
      { field: 'con_plan', header: t('plans:population.fields.con_plan'), align: 'right' },
      { field: 'capacitados', header: t('plans:population.fields.capacitados'), align: 'right' },
      { field: 'cumplen', header: t('plans:population.fields.cumplen'), align: 'right' },
      { field: 'con_vencidos', header: t('plans:population.fields.con_vencidos'), align: 'right' },
      { field: 'requeridos', header: t('plans:reports.fields.requeridos'), align: 'right' },
      { field: 'acreditados', header: t('plans:reports.fields.acreditados'), align: 'right' },
    ],
    [t, c],
  );
  const employeeColumns = useMemo<DataTableColumn<PopulationEmployeeRow>[]>(
    () => [
      { field: 'num_empleado', header: t('plans:reports.fields.num_empleado'), width: 100 },
      { field: 'nombre_empleado', header: t('plans:reports.fields.nombre_empleado') },
      { field: 'porcentaje', header: t('plans:reports.fields.porcentaje'), align: 'right', cell: (r) => c.percent(r.porcentaje), printValue: (r) => c.percent(r.porcentaje) },
      { field: 'puesto', header: t('plans:reports.fields.puesto') },
      { field: 'planta', header: t('plans:reports.fields.planta') },
      { field: 'requeridos', header: t('plans:reports.fields.requeridos'), align: 'right' },
      { field: 'acreditados', header: t('plans:reports.fields.acreditados'), align: 'right' },
      { field: 'vencidos', header: t('plans:reports.fields.vencidos'), align: 'right' },
    ],
    [t, c],
  );

  const crumbs = [
    <Anchor
      key="top"
      component="button"
      type="button"
      size="sm"
      onClick={() => {
        setTrail([]);
        setEmployees(null);
        setByPlant(false);
      }}
    >
      {t('plans:population.all')}
    </Anchor>,
    ...trail.map((s, i) => (
      <Anchor
        key={`${s.nivel}-${s.cve}`}
        component="button"
        type="button"
        size="sm"
        onClick={() => {
          setTrail((x) => x.slice(0, i + 1));
          setEmployees(null);
          setByPlant(false);
        }}
      >
        {s.nombre}
      </Anchor>
    )),
    ...(employees ? [<Text key="emp" size="sm">{t('plans:population.employees_of', { name: employees.nombre })}</Text>] : []),
  ];

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="sm">
        <nav aria-label={t('plans:population.trail')}>
          <Breadcrumbs separator="›">{crumbs}</Breadcrumbs>
        </nav>
        {!employees && (
          <Group gap="sm" wrap="wrap" justify="space-between">
            <Text size="sm" fw={600}>
              {levelName(nivel)}
            </Text>
            {plantsOffered && (
              <SegmentedControl
                aria-label={t('plans:population.group_by')}
                value={byPlant ? 'planta' : 'estructura'}
                onChange={(v) => setByPlant(v === 'planta')}
                data={[
                  { value: 'estructura', label: t('plans:population.by_structure') },
                  { value: 'planta', label: t('plans:population.by_plant') },
                ]}
              />
            )}
          </Group>
        )}
        {employees ? (
          <DataTable<PopulationEmployeeRow>
            key={`emp-${employees.nivel}-${employees.cve}`}
            ref={table}
            url={POPULATION_EMPLOYEES_URL}
            title={t('plans:population.employees_of', { name: employees.nombre })}
            columns={employeeColumns}
            rowKey={(r) => `${r.num_empleado}-${r.nombre_empleado}`}
            filtersEXT={filtersEXT}
            defaultSort={{ field: 'nombre_empleado', direction: 'asc' }}
            emptyMessage={t('plans:reports.empty')}
          />
        ) : (
          <DataTable<PopulationRow>
            key={`${String(nivel)}-${last?.cve ?? 0}`}
            ref={table}
            url={POPULATION_URL}
            title={t('plans:population.title', { level: levelName(nivel) })}
            columns={columns}
            rowKey={(r) => r.cve}
            filtersEXT={filtersEXT}
            defaultSort={{ field: 'nombre', direction: 'asc' }}
            onRowClick={open}
            rowActions={(row) => (
              <RowMenu label={t('plans:population.row_actions', { name: row.nombre })}>
                {() => (
                  <Menu.Item leftSection={<IconUsers size={16} aria-hidden />} onClick={() => setEmployees({ nivel, cve: row.cve, nombre: row.nombre })}>
                    {t('plans:population.see_employees')}
                  </Menu.Item>
                )}
              </RowMenu>
            )}
            emptyMessage={t('plans:reports.empty')}
          />
        )}
      </Stack>
    </Paper>
  );
}
