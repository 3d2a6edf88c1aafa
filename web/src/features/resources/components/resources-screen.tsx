import { ActionIcon, Anchor, Badge, Paper, Tabs, Tooltip } from '@mantine/core';
import { IconBuildingCommunity, IconDoor, IconEdit, IconMapPin, IconUserStar } from '@tabler/icons-react';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tooltip.css';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/badges';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { isOn } from '@/lib/flags';
import { RESOURCE_TYPES, resourceId, type ResourceType } from '../api/resource-types';
import { resourceTableUrl, type InstitutionRow, type InstructorRow, type RoomRow, type VenueRow } from '../api/resources-table';
import { ResourceFormModal } from './resource-form-modal';
import { isWebUrl } from './rules';

const TAB_ICONS = {
  instituciones: IconBuildingCommunity,
  instructores: IconUserStar,
  sedes: IconMapPin,
  salas: IconDoor,
} as const;

/** /menu/recursos_capacitacion: institutions, instructors, venues and rooms. */
export function ResourcesScreen() {
  const { t } = useTranslation(['resources', 'common']);
  const [tab, setTab] = useState<ResourceType>('instituciones');
  const [dialog, setDialog] = useState<{ tipo: ResourceType; id: number | null } | null>(null);
  const table = useRef<DataTableHandle>(null);

  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onNew: () => setDialog({ tipo: tab, id: null }),
    newLabel: t(`resources:${tab}.new`),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });

  const activeColumn = useMemo(
    () => ({
      field: 'activo',
      header: t('resources:fields.activo'),
      cell: (row: { activo?: unknown }) => <ActiveBadge value={row.activo} />,
      printValue: (row: { activo?: unknown }) => (isOn(row.activo) ? t('resources:status.active') : t('resources:status.inactive')),
      width: 110,
    }),
    [t],
  );

  const columns = useMemo(() => {
    // SI/NO when the row says; a row without the flag shows nothing rather than a wrong NO.
    const signatureFlag = (row: InstructorRow) =>
      row.tiene_firma === null || row.tiene_firma === undefined ? '—' : isOn(row.tiene_firma) ? t('resources:yes') : t('resources:no');
    const key = { field: '', header: t('resources:fields.clave'), width: 80 };
    const institutions: DataTableColumn<InstitutionRow>[] = [
      { ...key, field: 'cve_institucion' },
      { field: 'nombre', header: t('resources:fields.nombre') },
      { field: 'contacto', header: t('resources:fields.contacto') },
      { field: 'telefono', header: t('resources:fields.telefono') },
      { field: 'correo', header: t('resources:fields.correo') },
      activeColumn,
    ];
    const instructors: DataTableColumn<InstructorRow>[] = [
      { ...key, field: 'cve_instructor' },
      { field: 'nombre', header: t('resources:fields.nombre') },
      {
        field: 'interno',
        header: t('resources:fields.tipo_instructor'),
        cell: (row) => (
          <Badge variant="light" color={isOn(row.interno) ? 'blue' : 'grape'}>
            {isOn(row.interno) ? t('resources:instructores.interno') : t('resources:instructores.externo')}
          </Badge>
        ),
        printValue: (row) => (isOn(row.interno) ? t('resources:instructores.interno') : t('resources:instructores.externo')),
        width: 110,
      },
      { field: 'correo', header: t('resources:fields.correo') },
      { field: 'especialidad', header: t('resources:fields.especialidad') },
      { field: 'rfc', header: t('resources:fields.rfc') },
      { field: 'institucion', header: t('resources:fields.institucion') },
      {
        field: 'tiene_firma',
        header: t('resources:fields.tiene_firma'),
        cell: (row) => signatureFlag(row),
        printValue: (row) => signatureFlag(row),
        width: 90,
      },
      activeColumn,
    ];
    const venues: DataTableColumn<VenueRow>[] = [
      { ...key, field: 'cve_sede' },
      { field: 'nombre', header: t('resources:fields.nombre') },
      { field: 'direccion', header: t('resources:fields.direccion') },
      {
        field: 'url_mapa',
        header: t('resources:fields.url_mapa'),
        cell: (row) =>
          row.url_mapa && isWebUrl(row.url_mapa) ? (
            <Anchor href={row.url_mapa} target="_blank" rel="noopener noreferrer" size="sm">
              {t('resources:sedes.open_map_of', { name: row.nombre })}
            </Anchor>
          ) : (
            '—'
          ),
      },
      activeColumn,
    ];
    const rooms: DataTableColumn<RoomRow>[] = [
      { ...key, field: 'cve_sala' },
      { field: 'sede', header: t('resources:fields.sede') },
      { field: 'nombre', header: t('resources:fields.nombre') },
      { field: 'capacidad', header: t('resources:fields.capacidad'), align: 'right', width: 110 },
      activeColumn,
    ];
    return { institutions, instructors, venues, rooms };
  }, [t, activeColumn]);

  const editButton = (tipo: ResourceType, row: { nombre?: string }) => {
    const id = resourceId(tipo, row);
    if (id === null) return null;
    return (
      <Tooltip label={t('resources:edit')} withinPortal>
        <ActionIcon variant="subtle" color="gray" aria-label={t('resources:edit_row', { name: row.nombre ?? id })} onClick={() => setDialog({ tipo, id })}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
    );
  };

  const title = `${t('resources:title')} · ${t(`resources:tabs.${tab}`)}`;
  const common = {
    ref: table,
    title,
    defaultSort: { field: 'nombre', direction: 'asc' as const },
    emptyMessage: t(`resources:empty.${tab}`),
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Tabs value={tab} onChange={(v) => v && setTab(v as ResourceType)} keepMounted={false} mb="md">
        <Tabs.List>
          {RESOURCE_TYPES.map((v) => {
            const Icon = TAB_ICONS[v];
            return (
              <Tabs.Tab key={v} value={v} leftSection={<Icon size={16} aria-hidden />}>
                {t(`resources:tabs.${v}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      {tab === 'instituciones' && (
        <DataTable<InstitutionRow>
          key="instituciones"
          {...common}
          url={resourceTableUrl('instituciones')}
          columns={columns.institutions}
          rowKey={(row) => row.cve_institucion}
          rowActions={(row) => editButton('instituciones', row)}
        />
      )}
      {tab === 'instructores' && (
        <DataTable<InstructorRow>
          key="instructores"
          {...common}
          url={resourceTableUrl('instructores')}
          columns={columns.instructors}
          rowKey={(row) => row.cve_instructor}
          rowActions={(row) => editButton('instructores', row)}
        />
      )}
      {tab === 'sedes' && (
        <DataTable<VenueRow>
          key="sedes"
          {...common}
          url={resourceTableUrl('sedes')}
          columns={columns.venues}
          rowKey={(row) => row.cve_sede}
          rowActions={(row) => editButton('sedes', row)}
        />
      )}
      {tab === 'salas' && (
        <DataTable<RoomRow>
          key="salas"
          {...common}
          url={resourceTableUrl('salas')}
          columns={columns.rooms}
          rowKey={(row) => row.cve_sala}
          rowActions={(row) => editButton('salas', row)}
        />
      )}
      <ResourceFormModal
        tipo={dialog?.tipo ?? tab}
        id={dialog?.id ?? null}
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        onSaved={() => table.current?.refresh()}
      />
    </Paper>
  );
}
