import { ActionIcon, Drawer, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Tooltip.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActiveBadge } from '@/components/badges';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { showSaved } from '@/components/feedback';
import { useScreenChrome } from '@/components/page-chrome';
import { ListError } from '@/components/states/list-states';
import { isOn } from '@/lib/flags';
import { formatDateIn, useFormat } from '@/lib/i18n/use-format';
import { DASHBOARD_SURVEYS_TABLE_URL, deleteDashboardSurvey, useDashboardSurvey } from '../api/dashboard-surveys';
import type { EncuestaDashboardRow } from '../api/types';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { DashboardSurveyForm } from './dashboard-survey-form';

/** Search parameter of the drawer: 'nueva' | id. */
export const SURVEY_PARAM = 'encuesta';

function parseTarget(value: string | null): 'nueva' | number | null {
  if (value === 'nueva') return 'nueva';
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** /menu/configuracion_encuestas: the dashboard surveys (who sees them, when) and their questions. */
export function DashboardSurveysScreen() {
  const { t } = useTranslation(['surveys', 'common']);
  const { language } = useFormat();
  const narrow = useMediaQuery('(max-width: 48em)');
  const [params, setParams] = useSearchParams();
  const table = useRef<DataTableHandle>(null);
  const [deleting, setDeleting] = useState<EncuestaDashboardRow | null>(null);
  const target = parseTarget(params.get(SURVEY_PARAM));
  const survey = useDashboardSurvey(typeof target === 'number' ? target : null);

  const open = (value: string | null, replace = false) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (value === null) p.delete(SURVEY_PARAM);
        else p.set(SURVEY_PARAM, value);
        return p;
      },
      { replace },
    );
  const refresh = () => table.current?.refresh();

  useScreenChrome({
    onUpdate: refresh,
    onNew: () => open('nueva'),
    newLabel: t('surveys:dashboard.new'),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });

  const columns = useMemo<DataTableColumn<EncuestaDashboardRow>[]>(() => {
    const date = (value: string | null) => (value ? formatDateIn(language, value, 'P') || value : '—');
    return [
      { field: 'id_encuesta_dashboard', header: t('surveys:fields.clave'), width: 80 },
      { field: 'encuesta', header: t('surveys:fields.encuesta') },
      { field: 'desde', header: t('surveys:fields.desde'), cell: (row) => date(row.desde), printValue: (row) => date(row.desde) },
      { field: 'hasta', header: t('surveys:fields.hasta'), cell: (row) => date(row.hasta), printValue: (row) => date(row.hasta) },
      { field: 'perfiles', header: t('surveys:fields.perfiles') },
      { field: 'respuestas', header: t('surveys:fields.respuestas'), align: 'right', width: 120 },
      {
        field: 'activa',
        header: t('surveys:fields.activa'),
        cell: (row) => <ActiveBadge value={row.activa} />,
        printValue: (row) => (isOn(row.activa) ? t('common:status.active') : t('common:status.inactive')),
        width: 110,
      },
    ];
  }, [t, language]);

  const title = target === 'nueva' ? t('surveys:dashboard.new_title') : (survey.data?.encuesta ?? t('surveys:dashboard.edit_title'));

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <DataTable<EncuestaDashboardRow>
        ref={table}
        url={DASHBOARD_SURVEYS_TABLE_URL}
        title={t('surveys:dashboard.title')}
        columns={columns}
        rowKey={(row) => row.id_encuesta_dashboard}
        defaultSort={{ field: 'desde', direction: 'desc' }}
        onRowClick={(row) => open(String(row.id_encuesta_dashboard))}
        rowActions={(row) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('surveys:templates.edit')} withinPortal>
              <ActionIcon variant="subtle" color="gray" aria-label={t('surveys:templates.edit_row', { name: row.encuesta })} onClick={() => open(String(row.id_encuesta_dashboard))}>
                <IconEdit size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('surveys:delete.confirm')} withinPortal>
              <ActionIcon variant="subtle" color="red" aria-label={t('surveys:delete.row', { name: row.encuesta })} onClick={() => setDeleting(row)}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
        emptyMessage={t('surveys:dashboard.empty')}
      />
      <Drawer
        opened={target !== null}
        onClose={() => open(null)}
        position="right"
        size={narrow ? '100%' : 'xl'}
        title={<Text fw={700}>{title}</Text>}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {target === 'nueva' && (
          <DashboardSurveyForm
            survey={null}
            onSaved={(saved) => {
              refresh();
              open(String(saved.id_encuesta_dashboard), true);
            }}
            onCancel={() => open(null)}
          />
        )}
        {typeof target === 'number' && (
          <>
            {survey.isLoading && (
              <Stack gap="sm" aria-busy>
                <Skeleton height={36} />
                <Skeleton height={240} />
              </Stack>
            )}
            {survey.error !== undefined && !survey.data && (
              <ListError title={t('surveys:dashboard.load_error')} error={survey.error} onRetry={() => void survey.mutate()} />
            )}
            {survey.data && (
              <DashboardSurveyForm
                key={`${target}|${survey.data.respuestas}`}
                survey={survey.data}
                onSaved={(saved) => {
                  void survey.mutate(saved, { revalidate: false });
                  refresh();
                }}
                onCancel={() => open(null)}
              />
            )}
          </>
        )}
      </Drawer>
      <ConfirmDeleteModal
        name={deleting?.encuesta ?? null}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const answer = await deleteDashboardSurvey(deleting.id_encuesta_dashboard);
          showSaved(answer?.resp);
          refresh();
        }}
      />
    </Paper>
  );
}
