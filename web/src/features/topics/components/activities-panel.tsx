import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tooltip.css';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { deleteActivity } from '../api/delete-activity';
import { activityId, useActivities, type Activity } from '../api/get-activities';
import { ActivityFormModal } from './activity-form-modal';
import { ConfirmDeleteModal } from './confirm-delete-modal';

/** A topic's activities: list, add, edit, delete. */
export function ActivitiesPanel({ cve, onChanged }: { cve: number; onChanged?: () => void }) {
  const { t } = useTranslation(['topics', 'common']);
  const { data, error, isLoading, mutate } = useActivities(cve);
  const [editing, setEditing] = useState<{ activity: Activity | null } | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const activities = data ?? [];

  const changed = () => {
    void mutate();
    onChanged?.();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={3} size="h5">
            {t('topics:activities.title')}
          </Title>
          {data && (
            <Text size="sm" c="dimmed">
              {t('topics:activities.count', { count: activities.length })}
            </Text>
          )}
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ activity: null })}>
          {t('topics:activities.add')}
        </Button>
      </Group>

      {isLoading && <ListSkeleton />}
      {error !== undefined && !data && (
        <ListError title={t('topics:activities.load_error')} error={error} onRetry={() => void mutate()} />
      )}
      {data && activities.length === 0 && <EmptyState title={t('topics:activities.empty')} description={t('topics:activities.empty_hint')} />}
      {activities.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('topics:activities.title')}>
          {activities.map((activity) => (
            <Card key={activityId(activity)} component="li" withBorder radius="md" padding="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
                    {activity.titulo}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }} lineClamp={3}>
                    {activity.descripcion}
                  </Text>
                  <Group gap="xs">
                    <Badge variant="light" size="sm">
                      {t(`topics:activities.evidence.${activity.tipo_evidencia}`, { defaultValue: activity.tipo_evidencia })}
                    </Badge>
                    <Badge variant="light" color="gray" size="sm">
                      {t('topics:activities.due', { count: activity.dias_entrega ?? 0 })}
                    </Badge>
                    {activity.tipo_evidencia === 'texto' && activity.limite_caracteres !== null && (
                      <Badge variant="light" color="gray" size="sm">
                        {t('topics:activities.limit', { count: activity.limite_caracteres })}
                      </Badge>
                    )}
                  </Group>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('topics:edit')} withinPortal>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('topics:edit_row', { name: activity.titulo })}
                      onClick={() => setEditing({ activity })}
                    >
                      <IconEdit size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('topics:delete')} withinPortal>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('topics:delete_row', { name: activity.titulo })}
                      onClick={() => setDeleting(activity)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}

      <ActivityFormModal
        cve={cve}
        opened={editing !== null}
        activity={editing?.activity ?? null}
        onClose={() => setEditing(null)}
        onSaved={changed}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('topics:activities.delete_title')}
        message={deleting ? t('topics:activities.delete_text', { name: deleting.titulo }) : ''}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const answer = await deleteActivity(cve, activityId(deleting));
          showSaved(answer?.resp);
          changed();
        }}
      />
    </Stack>
  );
}
