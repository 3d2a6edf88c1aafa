import { ActionIcon, Paper, Tabs, Tooltip } from '@mantine/core';
import { IconBuildingFactory2, IconBriefcase, IconEdit, IconHierarchy2 } from '@tabler/icons-react';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tooltip.css';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/badges';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { isOn } from '@/lib/flags';
import { PLANTS_TABLE_URL, type PlantRow } from '../api/plants-table';
import { POSITIONS_TABLE_URL, type PositionRow } from '../api/positions-table';
import { STRUCTURE_TABLE_URL, type StructureRow } from '../api/structure-table';
import { NodeFormModal } from './node-form-modal';
import { PlantFormModal } from './plant-form-modal';
import { PositionFormModal } from './position-form-modal';

const ORG_TABS = ['estructura', 'puestos', 'plantas'] as const;
type OrgTab = (typeof ORG_TABS)[number];

const TAB_ICONS = { estructura: IconHierarchy2, puestos: IconBriefcase, plantas: IconBuildingFactory2 } as const;

/** What is open: a create or edit modal of one of the tabs. */
type Dialog =
  | { kind: 'node'; node: StructureRow | null }
  | { kind: 'position'; position: PositionRow | null }
  | { kind: 'plant' }
  | null;

/** /menu/estructura_puestos: the org structure (N2–N7), its positions and the plants. */
export function OrgScreen() {
  const { t } = useTranslation(['org', 'common']);
  const [tab, setTab] = useState<OrgTab>('estructura');
  const [dialog, setDialog] = useState<Dialog>(null);
  const table = useRef<DataTableHandle>(null);

  const openNew = () => {
    if (tab === 'estructura') setDialog({ kind: 'node', node: null });
    else if (tab === 'puestos') setDialog({ kind: 'position', position: null });
    else setDialog({ kind: 'plant' });
  };

  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onNew: openNew,
    newLabel: t(`org:${tab === 'estructura' ? 'structure' : tab === 'puestos' ? 'positions' : 'plants'}.new`),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });

  const editButton = (name: string, onClick: () => void) => (
    <Tooltip label={t('org:edit')} withinPortal>
      <ActionIcon variant="subtle" color="gray" aria-label={t('org:edit_row', { name })} onClick={onClick}>
        <IconEdit size={18} />
      </ActionIcon>
    </Tooltip>
  );

  const activeColumn = useMemo(
    () => ({
      field: 'activo',
      header: t('org:fields.activo'),
      cell: (row: { activo: unknown }) => <ActiveBadge value={row.activo} />,
      printValue: (row: { activo: unknown }) => (isOn(row.activo) ? t('org:status.active') : t('org:status.inactive')),
      width: 110,
    }),
    [t],
  );

  const structureColumns = useMemo<DataTableColumn<StructureRow>[]>(
    () => [
      { field: 'cve_estructura', header: t('org:fields.clave'), width: 90 },
      {
        field: 'nivel',
        header: t('org:fields.nivel'),
        cell: (row) => t(`org:levels.${row.nivel}`, { defaultValue: `N${row.nivel}` }),
        printValue: (row) => t(`org:levels.${row.nivel}`, { defaultValue: `N${row.nivel}` }),
        width: 170,
      },
      { field: 'nombre', header: t('org:fields.nombre') },
      { field: 'padre', header: t('org:fields.padre') },
      activeColumn,
    ],
    [t, activeColumn],
  );

  const positionColumns = useMemo<DataTableColumn<PositionRow>[]>(
    () => [
      { field: 'cve_puesto', header: t('org:fields.clave'), width: 90 },
      { field: 'puesto', header: t('org:fields.puesto') },
      { field: 'estructura', header: t('org:fields.estructura') },
      {
        field: 'nivel',
        header: t('org:fields.nivel'),
        cell: (row) => (row.nivel ? t(`org:levels.${row.nivel}`, { defaultValue: `N${row.nivel}` }) : '—'),
        width: 170,
      },
      { field: 'descripcion', header: t('org:fields.descripcion') },
      { field: 'empleados', header: t('org:fields.empleados'), align: 'right', width: 110 },
      activeColumn,
    ],
    [t, activeColumn],
  );

  const plantColumns = useMemo<DataTableColumn<PlantRow>[]>(
    () => [
      { field: 'cve_planta', header: t('org:fields.clave'), width: 90 },
      { field: 'nombre', header: t('org:fields.nombre') },
      { field: 'empresa', header: t('org:fields.empresa') },
      { field: 'estado', header: t('org:fields.estado') },
      { field: 'ciudad', header: t('org:fields.ciudad') },
      activeColumn,
    ],
    [t, activeColumn],
  );

  const refresh = () => table.current?.refresh();
  const close = () => setDialog(null);
  const title = `${t('org:title')} · ${t(`org:tabs.${tab}`)}`;

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Tabs value={tab} onChange={(v) => v && setTab(v as OrgTab)} keepMounted={false} mb="md">
        <Tabs.List>
          {ORG_TABS.map((v) => {
            const Icon = TAB_ICONS[v];
            return (
              <Tabs.Tab key={v} value={v} leftSection={<Icon size={16} aria-hidden />}>
                {t(`org:tabs.${v}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      {tab === 'estructura' && (
        <DataTable<StructureRow>
          key="estructura"
          ref={table}
          url={STRUCTURE_TABLE_URL}
          title={title}
          columns={structureColumns}
          rowKey={(row) => row.cve_estructura}
          defaultSort={{ field: 'nivel', direction: 'asc' }}
          rowActions={(row) => editButton(row.nombre, () => setDialog({ kind: 'node', node: row }))}
          emptyMessage={t('org:empty.estructura')}
        />
      )}
      {tab === 'puestos' && (
        <DataTable<PositionRow>
          key="puestos"
          ref={table}
          url={POSITIONS_TABLE_URL}
          title={title}
          columns={positionColumns}
          rowKey={(row) => row.cve_puesto}
          defaultSort={{ field: 'puesto', direction: 'asc' }}
          rowActions={(row) => editButton(row.puesto, () => setDialog({ kind: 'position', position: row }))}
          emptyMessage={t('org:empty.puestos')}
        />
      )}
      {tab === 'plantas' && (
        <DataTable<PlantRow>
          key="plantas"
          ref={table}
          url={PLANTS_TABLE_URL}
          title={title}
          columns={plantColumns}
          rowKey={(row) => row.cve_planta}
          defaultSort={{ field: 'nombre', direction: 'asc' }}
          emptyMessage={t('org:empty.plantas')}
        />
      )}
      <NodeFormModal
        opened={dialog?.kind === 'node'}
        node={dialog?.kind === 'node' ? dialog.node : null}
        onClose={close}
        onSaved={refresh}
      />
      <PositionFormModal
        opened={dialog?.kind === 'position'}
        position={dialog?.kind === 'position' ? dialog.position : null}
        onClose={close}
        onSaved={refresh}
      />
      <PlantFormModal opened={dialog?.kind === 'plant'} onClose={close} onSaved={refresh} />
    </Paper>
  );
}
