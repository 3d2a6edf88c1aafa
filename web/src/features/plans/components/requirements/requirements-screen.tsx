import { Badge, Button, Group, Menu, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Menu.css';
import { IconCircleCheck, IconCircleOff, IconHistory } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableHandle, type SelectionChange } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { RowMenu } from '@/components/row-menu';
import { isOn } from '@/lib/flags';
import { useFormat } from '@/lib/i18n/use-format';
import { PROGRAMS, type Program } from '../../api/programs';
import { requirementFilters, requirementsTableUrl, type RequirementRow, type RequirementView } from '../../api/requirements-table';
import { destinationLabel, requirementLabel } from './labels';
import type { ToggleTarget } from './toggle-modal';
import { ProgressLinks } from '../tables/progress-links';

// Dialogs load when first opened, not with the table.
const ToggleModal = lazy(() => import('./toggle-modal').then((m) => ({ default: m.ToggleModal })));
const HistoryDrawer = lazy(() => import('./history-drawer').then((m) => ({ default: m.HistoryDrawer })));
const BulkDisableModal = lazy(() => import('./bulk-disable-modal').then((m) => ({ default: m.BulkDisableModal })));

const VIEWS: RequirementView[] = ['habilitados', 'deshabilitados', 'todos'];

/** The consult screen of a requirement family: table, view filter, enable/disable, history, and the way to the alta. */
export function RequirementsScreen({ program }: { program: Program }) {
  const { t } = useTranslation(['plans', 'common']);
  const { formatDate } = useFormat();
  const navigate = useNavigate();
  const table = useRef<DataTableHandle>(null);
  const [view, setView] = useState<RequirementView>('habilitados');
  const [toggle, setToggle] = useState<ToggleTarget | null>(null);
  const [history, setHistory] = useState<RequirementRow | null>(null);
  const [selection, setSelection] = useState<SelectionChange | null>(null);
  const [bulk, setBulk] = useState(false);
  // The dialogs and the drawer are lazily mounted already open, so Mantine has no trigger to
  // return focus to (and a menu item is gone by then): on closing, focus goes back to the row's
  // actions button or to 'Dar de baja seleccionados' (keyboard users), when it still exists.
  const returnTo = useRef<() => HTMLElement | null>(() => null);
  const bulkButton = useRef<HTMLButtonElement>(null);
  const restoreFocus = () => window.setTimeout(() => returnTo.current()?.focus(), 0);
  const [opened, setOpened] = useState({ toggle: false, history: false, bulk: false });
  // Formation requirements can be given "baja" in bulk (plan_formacion_baja_requerimientos).
  const bulkBaja = program === 'formacion' && view !== 'deshabilitados';

  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onNew: () => void navigate(PROGRAMS[program].altaPath),
    newLabel: t('plans:requirements.new'),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });

  const columns = useMemo<DataTableColumn<RequirementRow>[]>(() => {
    const date = (v: string | null) => (v ? formatDate(v, 'P') || v : '—');
    return [
      { field: 'id_requerimiento', header: t('plans:requirements.fields.id'), width: 80 },
      {
        field: 'nombre_tema',
        header: t('plans:requirements.fields.tema'),
        cell: (row) => requirementLabel(row),
        printValue: (row) => requirementLabel(row),
      },
      {
        field: 'destino_nombre',
        header: t('plans:requirements.fields.destino'),
        cell: (row) => destinationLabel(t, row),
        printValue: (row) => destinationLabel(t, row),
      },
      {
        field: 'obligatoria',
        header: t('plans:requirements.fields.obligatoria'),
        cell: (row) => (isOn(row.obligatoria) ? t('plans:mandatory') : t('plans:optional')),
        printValue: (row) => (isOn(row.obligatoria) ? t('plans:mandatory') : t('plans:optional')),
      },
      { field: 'dias_limite', header: t('plans:requirements.fields.dias_limite'), align: 'right', width: 100 },
      { field: 'alcanzados', header: t('plans:requirements.fields.alcanzados'), align: 'right', width: 110 },
      {
        field: 'habilitado',
        header: t('plans:requirements.fields.habilitado'),
        cell: (row) => (
          <Badge variant="light" color={isOn(row.habilitado) ? 'teal' : 'gray'}>
            {isOn(row.habilitado) ? t('plans:requirements.enabled') : t('plans:requirements.disabled')}
          </Badge>
        ),
        printValue: (row) => (isOn(row.habilitado) ? t('plans:requirements.enabled') : t('plans:requirements.disabled')),
        width: 130,
      },
      { field: 'creado', header: t('plans:requirements.fields.creado'), cell: (row) => date(row.creado), printValue: (row) => date(row.creado) },
    ];
  }, [t, formatDate]);

  const rowActions = (row: RequirementRow) => {
    const on = isOn(row.habilitado);
    const label = t('plans:requirements.row_actions', { id: row.id_requerimiento });
    const backToRow = () => {
      returnTo.current = () => document.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(label)}"]`);
    };
    return (
      <RowMenu label={label}>
        {() => (
          <>
            <Menu.Item
              leftSection={<IconHistory size={16} aria-hidden />}
              onClick={() => {
                backToRow();
                setOpened((o) => ({ ...o, history: true }));
                setHistory(row);
              }}
            >
              {t('plans:requirements.history')}
            </Menu.Item>
            <Menu.Item
              color={on ? 'red' : undefined}
              leftSection={on ? <IconCircleOff size={16} aria-hidden /> : <IconCircleCheck size={16} aria-hidden />}
              onClick={() => {
                backToRow();
                setOpened((o) => ({ ...o, toggle: true }));
                setToggle({ row, habilitar: !on });
              }}
            >
              {on ? t('plans:requirements.disable') : t('plans:requirements.enable')}
            </Menu.Item>
          </>
        )}
      </RowMenu>
    );
  };

  const filtersEXT = useMemo(() => requirementFilters(view), [view]);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="sm">
        {program !== 'empleado' && program !== 'bloque' && <ProgressLinks program={program} />}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <SegmentedControl
            aria-label={t('plans:requirements.view')}
            value={view}
            onChange={(v) => setView(v as RequirementView)}
            data={VIEWS.map((v) => ({ value: v, label: t(`plans:requirements.views.${v}`) }))}
          />
          {bulkBaja && (
            <Group gap="xs">
              <Text size="sm" role="status">
                {t('plans:requirements.selected', { count: selection?.count ?? 0 })}
              </Text>
              <Button
                ref={bulkButton}
                color="red"
                variant="light"
                disabled={!selection || selection.count === 0}
                onClick={() => {
                  returnTo.current = () => bulkButton.current;
                  setOpened((o) => ({ ...o, bulk: true }));
                  setBulk(true);
                }}
              >
                {t('plans:requirements.bulk_disable')}
              </Button>
            </Group>
          )}
        </Group>
        <DataTable<RequirementRow>
          key={`${program}-${view}`}
          ref={table}
          url={requirementsTableUrl(program)}
          title={t(`plans:requirements.titles.${program}`)}
          columns={columns}
          rowKey={(row) => row.id_requerimiento}
          filtersEXT={filtersEXT}
          defaultSort={{ field: 'id_requerimiento', direction: 'desc' }}
          selectable={bulkBaja}
          onSelectionChange={setSelection}
          rowActions={rowActions}
          emptyMessage={t('plans:requirements.empty')}
        />
      </Stack>
      <Suspense fallback={null}>
        {opened.toggle && (
          <ToggleModal
            program={program}
            target={toggle}
            onClose={() => {
              setToggle(null);
              restoreFocus();
            }}
            onDone={() => {
              setToggle(null);
              restoreFocus();
              table.current?.refresh();
            }}
          />
        )}
        {opened.history && (
          <HistoryDrawer
            program={program}
            row={history}
            onClose={() => {
              setHistory(null);
              restoreFocus();
            }}
          />
        )}
        {opened.bulk && (
          <BulkDisableModal
            opened={bulk}
            selection={selection}
            url={requirementsTableUrl(program)}
            onClose={() => {
              setBulk(false);
              restoreFocus();
            }}
            onDone={() => {
              setBulk(false);
              restoreFocus();
              table.current?.clearSelection();
              table.current?.refresh();
            }}
          />
        )}
      </Suspense>
    </Paper>
  );
}
