import { Badge, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { IconCalendarEvent, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowMenu } from '@/components/row-menu';
import { useFormat } from '@/lib/i18n/use-format';
import type { ReporteGuardado } from '../api/types';
import { useScheduleSummary } from './schedule-summary';

export interface SavedReportItemProps {
  report: ReporteGuardado;
  /** Profile names by id. */
  profileName: (id: number) => string;
  /** Whether one may edit, schedule and delete it (its editor, with the builder's section). */
  canEdit: boolean;
  onRun: () => void;
  onEdit: () => void;
  onSchedule: () => void;
  onDelete: () => void;
}

/** A saved layout of the list: its name, source, author, profiles and schedule, and its actions. */
export function SavedReportItem({ report, profileName, canEdit, onRun, onEdit, onSchedule, onDelete }: SavedReportItemProps) {
  const { t } = useTranslation('report-builder');
  const { formatDate } = useFormat();
  const summary = useScheduleSummary();
  const shared = report.perfiles.map(profileName).join(', ');
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="saved-report" data-id={report.id_reporte}>
      <Group gap="md" wrap="wrap" align="flex-start">
        <Stack gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} component="h2" fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
              {report.nombre}
            </Text>
            <Badge variant="light" color="blue">
              {report.fuente_nombre}
            </Badge>
            {report.propio && (
              <Badge variant="light" color="teal">
                {t('saved.mine')}
              </Badge>
            )}
          </Group>
          {report.descripcion && (
            <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {report.descripcion}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('saved.author', { name: report.creado_por_nombre, date: formatDate(report.actualizado, 'P') || report.actualizado })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="saved-report-profiles">
            {shared ? t('saved.shared', { names: shared }) : t('saved.not_shared')}
          </Text>
          {report.programacion && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconCalendarEvent size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
              <Text size="sm" c="dimmed" data-testid="saved-report-schedule">
                {summary(report.programacion)}
              </Text>
            </Group>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap" ml="auto">
          <Button
            variant="light"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            aria-label={t('saved.run_named', { name: report.nombre })}
            onClick={onRun}
            data-testid="saved-report-run"
          >
            {t('saved.run')}
          </Button>
          {canEdit && (
            <RowMenu label={t('saved.more', { name: report.nombre })}>
              {() => (
                <>
                  <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
                    {t('saved.edit')}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconCalendarEvent size={16} aria-hidden />} onClick={onSchedule}>
                    {t('saved.schedule')}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
                    {t('saved.delete')}
                  </Menu.Item>
                </>
              )}
            </RowMenu>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
