import { ActionIcon, Paper, Tabs, Tooltip } from '@mantine/core';
import { IconBuildingFactory, IconBuildingSkyscraper, IconBriefcase, IconCategory, IconEdit, IconSignature } from '@tabler/icons-react';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Tooltip.css';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { ActiveBadge } from '@/components/badges';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { isOn } from '@/lib/flags';
import { COMPANIES_KEY } from '../api/companies';
import { ESTABLISHMENTS_TABLE_URL, type EstablishmentRow } from '../api/establishments-table';
import { OCCUPATIONS_KEY } from '@/lib/api/shared/occupations';
import { REPRESENTATIVES_TABLE_URL, type RepresentativeRow } from '../api/representatives-table';
import { THEMATIC_AREAS_KEY } from '@/lib/api/shared/thematic-areas';
import { CompaniesPanel } from './companies-panel';
import { EstablishmentFormModal } from './establishment-form-modal';
import { OccupationsPanel } from './occupations-panel';
import { RepresentativeFormModal } from './representative-form-modal';
import { ThematicAreasPanel } from './thematic-areas-panel';

const STPS_TABS = ['areas', 'ocupaciones', 'empresas', 'representantes', 'establecimientos'] as const;
type StpsTab = (typeof STPS_TABS)[number];

const TAB_ICONS = {
  areas: IconCategory,
  ocupaciones: IconBriefcase,
  empresas: IconBuildingSkyscraper,
  representantes: IconSignature,
  establecimientos: IconBuildingFactory,
} as const;

const LIST_KEYS: Partial<Record<StpsTab, string>> = {
  areas: THEMATIC_AREAS_KEY,
  ocupaciones: OCCUPATIONS_KEY,
  empresas: COMPANIES_KEY,
};

type Dialog = { kind: 'representative'; row: RepresentativeRow | null } | { kind: 'establishment'; row: EstablishmentRow | null } | null;

/** /menu/areas_tematicas: the STPS data of the DC-3 (areas, occupations, companies, representatives, establishments). */
export function StpsScreen() {
  const { t } = useTranslation(['stps', 'common']);
  const { mutate } = useSWRConfig();
  const [tab, setTab] = useState<StpsTab>('areas');
  const [dialog, setDialog] = useState<Dialog>(null);
  const table = useRef<DataTableHandle>(null);
  const tableTab = tab === 'representantes' || tab === 'establecimientos';

  useScreenChrome(
    tableTab
      ? {
          onUpdate: () => table.current?.refresh(),
          onNew: () => setDialog(tab === 'representantes' ? { kind: 'representative', row: null } : { kind: 'establishment', row: null }),
          newLabel: t(`stps:${tab}.new`),
          onExportExcel: () => table.current?.exportTo('xlsx'),
          onPrint: () => table.current?.print(),
        }
      : { onUpdate: () => mutate(LIST_KEYS[tab]) },
  );

  const editButton = (name: string, onClick: () => void) => (
    <Tooltip label={t('stps:edit')} withinPortal>
      <ActionIcon variant="subtle" color="gray" aria-label={t('stps:edit_row', { name })} onClick={onClick}>
        <IconEdit size={18} />
      </ActionIcon>
    </Tooltip>
  );

  const activeColumn = useMemo(
    () => ({
      field: 'activo',
      header: t('stps:fields.activo'),
      cell: (row: { activo: unknown }) => <ActiveBadge value={row.activo} />,
      printValue: (row: { activo: unknown }) => (isOn(row.activo) ? t('stps:status.active') : t('stps:status.inactive')),
      width: 110,
    }),
    [t],
  );

  const representativeColumns = useMemo<DataTableColumn<RepresentativeRow>[]>(() => {
    const tipo = (row: RepresentativeRow) =>
      row.tipo === 'patron' || row.tipo === 'trabajadores' ? t(`stps:signers.${row.tipo}`) : String(row.tipo ?? '');
    const firma = (row: RepresentativeRow) => (isOn(row.tiene_firma) ? t('stps:yes') : t('stps:no'));
    return [
      { field: 'cve_representante', header: t('stps:fields.clave'), width: 80 },
      { field: 'empresa', header: t('stps:fields.empresa') },
      { field: 'tipo', header: t('stps:fields.tipo'), cell: tipo, printValue: tipo },
      { field: 'nombre', header: t('stps:fields.nombre') },
      { field: 'puesto', header: t('stps:fields.puesto') },
      { field: 'tiene_firma', header: t('stps:fields.tiene_firma'), cell: firma, printValue: firma, width: 100 },
      activeColumn,
    ];
  }, [t, activeColumn]);

  const establishmentColumns = useMemo<DataTableColumn<EstablishmentRow>[]>(
    () => [
      { field: 'cve_establecimiento', header: t('stps:fields.clave'), width: 80 },
      { field: 'empresa', header: t('stps:fields.empresa') },
      { field: 'nombre', header: t('stps:fields.nombre') },
      { field: 'registro_patronal', header: t('stps:fields.registro_patronal') },
      { field: 'domicilio', header: t('stps:fields.domicilio') },
      { field: 'estado', header: t('stps:fields.estado') },
      activeColumn,
    ],
    [t, activeColumn],
  );

  const title = `${t('stps:title')} · ${t(`stps:tabs.${tab}`)}`;
  const refresh = () => table.current?.refresh();
  const close = () => setDialog(null);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Tabs value={tab} onChange={(v) => v && setTab(v as StpsTab)} keepMounted={false} mb="md">
        <Tabs.List>
          {STPS_TABS.map((v) => {
            const Icon = TAB_ICONS[v];
            return (
              <Tabs.Tab key={v} value={v} leftSection={<Icon size={16} aria-hidden />}>
                {t(`stps:tabs.${v}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      {tab === 'areas' && <ThematicAreasPanel />}
      {tab === 'ocupaciones' && <OccupationsPanel />}
      {tab === 'empresas' && <CompaniesPanel />}
      {tab === 'representantes' && (
        <DataTable<RepresentativeRow>
          key="representantes"
          ref={table}
          url={REPRESENTATIVES_TABLE_URL}
          title={title}
          columns={representativeColumns}
          rowKey={(row) => row.cve_representante}
          defaultSort={{ field: 'nombre', direction: 'asc' }}
          rowActions={(row) => editButton(row.nombre, () => setDialog({ kind: 'representative', row }))}
          emptyMessage={t('stps:empty.representantes')}
        />
      )}
      {tab === 'establecimientos' && (
        <DataTable<EstablishmentRow>
          key="establecimientos"
          ref={table}
          url={ESTABLISHMENTS_TABLE_URL}
          title={title}
          columns={establishmentColumns}
          rowKey={(row) => row.cve_establecimiento}
          defaultSort={{ field: 'nombre', direction: 'asc' }}
          rowActions={(row) => editButton(row.nombre, () => setDialog({ kind: 'establishment', row }))}
          emptyMessage={t('stps:empty.establecimientos')}
        />
      )}
      <RepresentativeFormModal
        opened={dialog?.kind === 'representative'}
        representative={dialog?.kind === 'representative' ? dialog.row : null}
        onClose={close}
        onSaved={refresh}
      />
      <EstablishmentFormModal
        opened={dialog?.kind === 'establishment'}
        establishment={dialog?.kind === 'establishment' ? dialog.row : null}
        onClose={close}
        onSaved={refresh}
      />
    </Paper>
  );
}
