import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarAriaLabels } from '@/lib/i18n/calendar-labels';
import type { Supervisado, Tarea, TareaForm } from '../api/dashboard-tasks';
import { TITLE_MAX, DESCRIPTION_MAX, oneMonthAhead } from './task-rules';

/**
 * The new or edit task dialog (spec §3, Tareas): title (required, up to 100), description (up
 * to 1000), due date (one month ahead by default) and, for whoever supervises people, whose
 * task it is (oneself by default). It loads with the date picker when first opened.
 */
export default function TaskModal({
  task,
  me,
  supervised,
  busy,
  onSave,
  onClose,
}: {
  /** The task being edited; none for a new one. */
  task?: Tarea;
  me: { cve_empleado: number; nombre_empleado?: string };
  supervised: Supervisado[];
  busy: boolean;
  onSave: (tarea: TareaForm) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const calendarLabels = useCalendarAriaLabels();
  const [title, setTitle] = useState(task?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [dueDate, setDueDate] = useState<string | null>(task?.dueDate ?? oneMonthAhead());
  const [employee, setEmployee] = useState(String(task?.cve_empleado ?? me.cve_empleado));
  const [checked, setChecked] = useState(false);

  const people = [
    { value: String(me.cve_empleado), label: t('tasks.myself', { name: me.nombre_empleado ?? '' }) },
    ...supervised.filter((s) => s.cve_empleado !== me.cve_empleado).map((s) => ({ value: String(s.cve_empleado), label: s.nombre_empleado })),
  ];
  // Editing a task of someone no longer in one's list keeps them as a choice.
  if (task && !people.some((p) => p.value === String(task.cve_empleado))) {
    people.push({ value: String(task.cve_empleado), label: task.nombre_empleado });
  }

  const titleError = checked && !title.trim() ? t('tasks.title_required') : title.length > TITLE_MAX ? t('tasks.too_long', { max: TITLE_MAX }) : null;
  const descriptionError = description.length > DESCRIPTION_MAX ? t('tasks.too_long', { max: DESCRIPTION_MAX }) : null;
  const dateError = checked && !dueDate ? t('tasks.date_required') : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!title.trim() || title.length > TITLE_MAX || descriptionError || !dueDate) return;
    const tarea: TareaForm = { title: title.trim(), description: description.trim(), dueDate };
    if (supervised.length > 0) tarea.cve_empleado = Number(employee);
    else if (task) tarea.cve_empleado = task.cve_empleado;
    if (task) tarea.done = task.done;
    onSave(tarea);
  };

  return (
    <Modal opened onClose={onClose} title={task ? t('tasks.edit_title') : t('tasks.new_title')} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('tasks.title')}
            required
            data-autofocus
            value={title}
            maxLength={TITLE_MAX}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={titleError}
            description={t('tasks.count', { n: title.length, max: TITLE_MAX })}
          />
          <Textarea
            label={t('tasks.description')}
            value={description}
            maxLength={DESCRIPTION_MAX}
            rows={3}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={descriptionError}
            description={t('tasks.count', { n: description.length, max: DESCRIPTION_MAX })}
          />
          <DateInput
            label={t('tasks.due_date')}
            required
            value={dueDate}
            onChange={setDueDate}
            valueFormat="DD/MM/YYYY"
            ariaLabels={calendarLabels}
            error={dateError}
            popoverProps={{ withinPortal: true }}
          />
          {supervised.length > 0 && (
            <Select
              label={t('tasks.employee')}
              data={people}
              value={employee}
              onChange={(value) => value && setEmployee(value)}
              searchable
              allowDeselect={false}
              nothingFoundMessage={t('tasks.nobody')}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
