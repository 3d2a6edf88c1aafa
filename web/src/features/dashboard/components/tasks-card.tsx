import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCalendarDue, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/components/forms';
import { i18n } from '@/lib/i18n';
import { useFormat } from '@/lib/i18n/use-format';
import { createTask, deleteTask, updateTask, useSupervised, useTasks, type Tarea, type TareaForm } from '../api/dashboard-tasks';
import { isOverdue, sortTasks } from './task-rules';

// The dialog brings the date picker: it loads when first opened, not with the dashboard.
const TaskModal = lazy(() => import('./task-modal'));

interface Me {
  cve_empleado: number;
  nombre_empleado?: string;
}

/** 'Excelente' with the task's own words ('Tarea Agregada'…). */
function done(message: string) {
  notifications.show({ color: 'teal', title: i18n.t('common:success'), message });
}

/** The spec's failure title ('Problemas para guardar la tarea'…) and the server's reason when it gives one. */
function failed(error: unknown, title: string) {
  const reason = failureMessage(error);
  if (reason === null) return;
  notifications.show({ color: 'red', title, message: reason });
}

/** The fields of a task as PUT sends them back, with `done` as given. */
function formOf(task: Tarea, doneValue = task.done): TareaForm {
  return { title: task.title, description: task.description, dueDate: task.dueDate, cve_empleado: task.cve_empleado, done: doneValue };
}

/**
 * The to-do list (spec §3, Tareas), for every profile: add, edit, delete, mark done or undone.
 * A task someone else assigned one can only be marked done or pending; one assigned to
 * someone else says whose it is. Pending first; an overdue date is red and says so.
 */
export function TasksCard({ me }: { me: Me }) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const tasks = useTasks(me.cve_empleado);
  const supervised = useSupervised(me.cve_empleado);
  const [editing, setEditing] = useState<Tarea | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tarea | null>(null);
  const [busy, setBusy] = useState<number | 'save' | null>(null);

  const save = async (tarea: TareaForm) => {
    const current = editing;
    setBusy('save');
    try {
      if (current && current !== 'new') {
        await updateTask(current.id, tarea);
        done(t('tasks.updated'));
      } else {
        await createTask(tarea);
        done(t('tasks.added'));
      }
      setEditing(null);
      await tasks.mutate();
    } catch (error) {
      failed(error, current && current !== 'new' ? t('tasks.update_error') : t('tasks.save_error'));
    } finally {
      setBusy(null);
    }
  };

  const toggle = async (task: Tarea, value: boolean) => {
    setBusy(task.id);
    const apply = (rows: Tarea[] | undefined) =>
      rows?.map((r) => (r.id === task.id ? { ...r, done: value, status: value ? 'terminada' : 'pendiente' } : r));
    try {
      // The box shows the new state at once; it goes back if the server says no.
      await tasks.mutate(
        async (rows) => {
          await updateTask(task.id, formOf(task, value));
          return apply(rows);
        },
        { optimisticData: (rows) => apply(rows) ?? [], rollbackOnError: true, revalidate: true },
      );
      done(t('tasks.updated'));
    } catch (error) {
      failed(error, t('tasks.update_error'));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    const task = deleting;
    setBusy(task.id);
    try {
      await deleteTask(task.id);
      setDeleting(null);
      done(t('tasks.deleted'));
      await tasks.mutate();
    } catch (error) {
      failed(error, t('tasks.delete_error'));
    } finally {
      setBusy(null);
    }
  };

  const rows = sortTasks(tasks.data ?? []);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} shadow="xs" component="section" aria-labelledby={titleId} data-testid="tasks">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            {t('tasks.heading')}
          </Title>
          <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('tasks.add')}
          </Button>
        </Group>
        {tasks.error !== undefined ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('tasks.load_error')}>
            <Button size="xs" variant="light" color="red" onClick={() => void tasks.mutate()}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ) : tasks.data === undefined ? (
          <Stack gap="xs" aria-busy="true">
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : rows.length === 0 ? (
          <Text c="dimmed">{t('tasks.empty')}</Text>
        ) : (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                me={me}
                busy={busy === task.id}
                onToggle={(value) => void toggle(task, value)}
                onEdit={() => setEditing(task)}
                onDelete={() => setDeleting(task)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {editing !== null && (
        <Suspense fallback={null}>
          <TaskModal
            task={editing === 'new' ? undefined : editing}
            me={me}
            supervised={supervised.data ?? []}
            busy={busy === 'save'}
            onSave={(tarea) => void save(tarea)}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {deleting && (
        <Modal opened onClose={() => setDeleting(null)} size="sm" title={t('tasks.delete_title')}>
          <Stack gap="md">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('tasks.delete_text', { title: deleting.title })}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDeleting(null)} disabled={busy === deleting.id}>
                {t('common:actions.cancel')}
              </Button>
              <Button color="red" loading={busy === deleting.id} onClick={() => void remove()}>
                {t('tasks.delete')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Paper>
  );
}

function TaskRow({
  task,
  me,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: {
  task: Tarea;
  me: Me;
  busy: boolean;
  onToggle: (done: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { formatDate } = useFormat();
  const mine = task.creado_por === me.cve_empleado;
  const overdue = isOverdue(task);
  return (
    <Group
      component="li"
      data-testid={`task-${task.id}`}
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Checkbox
        checked={task.done}
        disabled={busy}
        onChange={(e) => onToggle(e.currentTarget.checked)}
        style={{ minWidth: 0, flex: 1 }}
        label={
          <Text component="span" fw={600} td={task.done ? 'line-through' : undefined} c={task.done ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {task.title}
          </Text>
        }
        description={
          <Stack gap={2} component="span">
            {task.description && (
              <Text component="span" size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {task.description}
              </Text>
            )}
            <Group component="span" gap={6} wrap="wrap">
              <Text component="span" size="sm" c={overdue ? 'red.8' : 'dimmed'} fw={overdue ? 600 : undefined}>
                <IconCalendarDue size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
                {t('tasks.due', { date: formatDate(task.dueDate, 'PP') })}
              </Text>
              {overdue && (
                <Badge component="span" color="red" variant="light" size="sm">
                  {t('tasks.overdue')}
                </Badge>
              )}
              {!mine && (
                <Text component="span" size="sm" c="dimmed">
                  {t('tasks.assigned_by', { name: task.nombre_creador })}
                </Text>
              )}
              {mine && task.cve_empleado !== me.cve_empleado && (
                <Text component="span" size="sm" c="dimmed">
                  {t('tasks.for', { name: task.nombre_empleado })}
                </Text>
              )}
            </Group>
          </Stack>
        }
      />
      {mine && (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" size="lg" aria-label={t('tasks.edit', { title: task.title })} onClick={onEdit} disabled={busy}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('tasks.delete_one', { title: task.title })} onClick={onDelete} disabled={busy}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}
