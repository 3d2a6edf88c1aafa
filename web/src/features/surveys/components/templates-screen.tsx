import { ActionIcon, Group, Paper, Tabs, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Tooltip.css';
import { IconChartBar, IconEdit, IconListCheck, IconTrash } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActiveBadge } from '@/components/badges';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { showSaved } from '@/components/feedback';
import { useScreenChrome } from '@/components/page-chrome';
import { useSession } from '@/lib/auth/session';
import { isOn } from '@/lib/flags';
import { TEMPLATES_TABLE_URL, deleteTemplate } from '../api/templates';
import type { EncuestaRow } from '../api/types';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { ResultsPanel } from './results-panel';
import { TemplateDrawer } from './template-drawer';

/** Search parameters: `encuesta` = 'nueva' | id (the drawer), `vista` = 'resultados'. */
export const TEMPLATE_PARAM = 'encuesta';
export const VIEW_PARAM = 'vista';

function parseTarget(value: string | null): 'nueva' | number | null {
  if (value === 'nueva') return 'nueva';
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

const isInstructor = (profile: string | null | undefined) => (profile ?? '').trim().toLowerCase() === 'instructor';

/** /menu/encuestas_cursos: the course survey templates, their form and the results across courses. */
export function TemplatesScreen() {
  const { t } = useTranslation(['surveys', 'common']);
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const table = useRef<DataTableHandle>(null);
  const [deleting, setDeleting] = useState<EncuestaRow | null>(null);
  const target = parseTarget(params.get(TEMPLATE_PARAM));
  const view = params.get(VIEW_PARAM) === 'resultados' ? 'resultados' : 'plantillas';

  const setParam = (name: string, value: string | null, replace = false) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (value === null) p.delete(name);
        else p.set(name, value);
        return p;
      },
      { replace },
    );
  const refresh = () => table.current?.refresh();

  useScreenChrome(
    view === 'plantillas'
      ? {
          onUpdate: refresh,
          onNew: () => setParam(TEMPLATE_PARAM, 'nueva'),
          newLabel: t('surveys:templates.new'),
          onExportExcel: () => table.current?.exportTo('xlsx'),
          onPrint: () => table.current?.print(),
        }
      : {},
  );

  const columns = useMemo<DataTableColumn<EncuestaRow>[]>(
    () => [
      { field: 'id_encuesta', header: t('surveys:fields.clave'), width: 80 },
      { field: 'nombre', header: t('surveys:fields.nombre') },
      { field: 'preguntas', header: t('surveys:fields.preguntas'), align: 'right', width: 110 },
      { field: 'temas', header: t('surveys:fields.temas_count'), align: 'right', width: 90 },
      { field: 'respuestas', header: t('surveys:fields.respuestas'), align: 'right', width: 120 },
      {
        field: 'activa',
        header: t('surveys:fields.activa'),
        cell: (row) => <ActiveBadge value={row.activa} />,
        printValue: (row) => (isOn(row.activa) ? t('common:status.active') : t('common:status.inactive')),
        width: 110,
      },
    ],
    [t],
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Tabs value={view} onChange={(next) => setParam(VIEW_PARAM, next === 'resultados' ? 'resultados' : null, true)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="plantillas" leftSection={<IconListCheck size={16} aria-hidden />}>
            {t('surveys:templates.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="resultados" leftSection={<IconChartBar size={16} aria-hidden />}>
            {t('surveys:results.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="plantillas">
          <DataTable<EncuestaRow>
            ref={table}
            url={TEMPLATES_TABLE_URL}
            title={t('surveys:templates.title')}
            columns={columns}
            rowKey={(row) => row.id_encuesta}
            defaultSort={{ field: 'nombre', direction: 'asc' }}
            onRowClick={(row) => setParam(TEMPLATE_PARAM, String(row.id_encuesta))}
            rowActions={(row) => (
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('surveys:templates.edit')} withinPortal>
                  <ActionIcon variant="subtle" color="gray" aria-label={t('surveys:templates.edit_row', { name: row.nombre })} onClick={() => setParam(TEMPLATE_PARAM, String(row.id_encuesta))}>
                    <IconEdit size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('surveys:delete.confirm')} withinPortal>
                  <ActionIcon variant="subtle" color="red" aria-label={t('surveys:delete.row', { name: row.nombre })} onClick={() => setDeleting(row)}>
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
            emptyMessage={t('surveys:templates.empty')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="resultados">
          <ResultsPanel pickInstructor={!isInstructor(user?.perfil_sistema ?? user?.usuario_sistema)} />
        </Tabs.Panel>
      </Tabs>
      <TemplateDrawer
        target={target}
        onClose={() => setParam(TEMPLATE_PARAM, null)}
        onSaved={(saved, created) => {
          refresh();
          if (created) setParam(TEMPLATE_PARAM, String(saved.id_encuesta), true);
        }}
      />
      <ConfirmDeleteModal
        name={deleting?.nombre ?? null}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const answer = await deleteTemplate(deleting.id_encuesta);
          showSaved(answer?.resp);
          refresh();
        }}
      />
    </Paper>
  );
}
