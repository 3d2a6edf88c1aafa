import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useProfiles } from '@/lib/api/shared/profiles';
import { hasSection, useSession } from '@/lib/auth/session';
import { useSavedReports } from '../api/saved-reports';
import type { ReporteGuardado } from '../api/types';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { RunView } from './run-view';
import { SavedReportItem } from './saved-report-item';
import { ScheduleDialog } from './schedule-dialog';
import { SectionCard } from './section-card';

/** The builder's section: editing, scheduling and deleting need it besides being the layout's editor. */
export const BUILDER_SECTION = 'reportes.reporteador';

/**
 * /menu/reportes_guardados, 'Reportes guardados': the layouts one may run (one's own and
 * those shared with the active profile), each run within one's own scope and exported; its
 * editors also edit it in the builder, schedule its e-mail delivery and delete it.
 * `?ejecutar=N` shows a layout's rows.
 */
export function SavedReportsScreen() {
  const { t } = useTranslation(['report-builder', 'common']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const builder = hasSection(user, BUILDER_SECTION);
  const reports = useSavedReports();
  const profiles = useProfiles();
  const [scheduling, setScheduling] = useState<ReporteGuardado | null>(null);
  const [deleting, setDeleting] = useState<ReporteGuardado | null>(null);

  const running = Number(params.get('ejecutar')) || null;
  const list = reports.data ?? [];
  const names = new Map((profiles.data ?? []).map((p) => [p.idperfil, p.perfil]));
  const profileName = (id: number) => names.get(id) ?? t('report-builder:saved.profile_n', { id });

  useScreenChrome({
    onUpdate: () => reports.mutate(),
    ...(builder ? { onNew: () => void navigate('/menu/reporteador'), newLabel: t('report-builder:new') } : {}),
  });

  const openRun = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('ejecutar');
        else next.set('ejecutar', String(id));
        return next;
      },
      { replace: false },
    );

  if (running !== null) {
    const report = list.find((r) => r.id_reporte === running);
    if (report) return <RunView key={report.id_reporte} report={report} onBack={() => openRun(null)} />;
    if (reports.data) {
      return (
        <Stack gap="md">
          <Alert color="yellow" variant="light" role="alert" title={t('report-builder:saved.not_found')}>
            {t('report-builder:saved.not_found_hint')}
          </Alert>
          <Button variant="subtle" onClick={() => openRun(null)} style={{ alignSelf: 'flex-start' }}>
            {t('report-builder:saved.back')}
          </Button>
        </Stack>
      );
    }
  }

  return (
    <SectionCard title={t('report-builder:saved.title')} intro={t('report-builder:saved.intro')} testId="saved-reports">
      {reports.isLoading && <ListSkeleton rows={3} />}
      {reports.error !== undefined && !reports.data && (
        <ListError title={t('report-builder:saved.load_error')} error={reports.error} onRetry={() => void reports.mutate()} />
      )}
      {reports.data && list.length === 0 && (
        <Stack align="center" gap="sm">
          <EmptyState title={t('report-builder:saved.empty')} description={builder ? t('report-builder:saved.empty_builder') : t('report-builder:saved.empty_hint')} />
          {builder && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => void navigate('/menu/reporteador')}>
              {t('report-builder:saved.first')}
            </Button>
          )}
        </Stack>
      )}
      {list.length > 0 && (
        <>
          <Text size="sm" c="dimmed" data-testid="saved-count">
            {t('report-builder:saved.count', { count: list.length })}
          </Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('report-builder:saved.title')}>
            {list.map((r) => (
              <SavedReportItem
                key={r.id_reporte}
                report={r}
                profileName={profileName}
                canEdit={builder && r.puede_editar}
                onRun={() => openRun(r.id_reporte)}
                onEdit={() => void navigate(`/menu/reporteador?id=${r.id_reporte}`)}
                onSchedule={() => setScheduling(r)}
                onDelete={() => setDeleting(r)}
              />
            ))}
          </Stack>
        </>
      )}
      <ScheduleDialog report={scheduling} onClose={() => setScheduling(null)} onChanged={() => void reports.mutate()} />
      <ConfirmDeleteDialog report={deleting} onClose={() => setDeleting(null)} onDeleted={() => void reports.mutate()} />
    </SectionCard>
  );
}
