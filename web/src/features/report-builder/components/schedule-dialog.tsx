import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { applyServerError, failureMessage } from '@/components/forms';
import { useFormat } from '@/lib/i18n/use-format';
import { deleteSchedule } from '../api/delete-schedule';
import { saveSchedule } from '../api/save-schedule';
import type { Formato, Frecuencia, ReporteGuardado } from '../api/types';
import { FORMATS } from './export-rules';
import { RecipientsField } from './recipients-field';
import { LAST_MONTH_DAY, lastDayOf, schedulePayload, scheduleSchema, scheduleToValues, type ScheduleValues } from './schedule-schema';

const INPUTS = ['frecuencia', 'dia', 'formato', 'destinatarios'] as const;

/** The server's refusals that belong under one input. */
const SCHEDULE_CODES = {
  'reportes.frecuencia': 'frecuencia',
  'reportes.dia': 'dia',
  'reportes.destinatarios': 'destinatarios',
  'reportes.destinatario_sin_acceso': 'destinatarios',
  'reportes.destinatario_sin_correo': 'destinatarios',
} as const;

/** A weekday's name as a choice ('lunes' → 'Lunes'). */
const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

export interface ScheduleDialogProps {
  /** The layout whose delivery is scheduled; null keeps the dialog closed. */
  report: ReporteGuardado | null;
  onClose: () => void;
  /** The schedule was saved or taken away. */
  onChanged: () => void;
}

function ScheduleForm({ report, onClose, onChanged }: { report: ReporteGuardado; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(['report-builder', 'common']);
  const { formatDate } = useFormat();
  const schema = useMemo(() => scheduleSchema((k, o) => t(k, o)), [t]);
  const [removing, setRemoving] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ScheduleValues>({ resolver: zodResolver(schema), defaultValues: scheduleToValues(report.programacion ?? null) });
  const frecuencia = useWatch({ control, name: 'frecuencia' });

  const days =
    frecuencia === 'semanal'
      ? Array.from({ length: 7 }, (_, i) => ({ value: String(i + 1), label: capitalize(t(`report-builder:weekdays.${i + 1}`)) }))
      : Array.from({ length: LAST_MONTH_DAY }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

  const submit = async (values: ScheduleValues) => {
    try {
      const answer = await saveSchedule(report.id_reporte, schedulePayload(values));
      showSaved(answer?.resp, t('report-builder:schedule.saved'));
      onChanged();
      onClose();
    } catch (error) {
      const message = applyServerError(error, setError, INPUTS, { codeFields: SCHEDULE_CODES });
      if (message !== null) notifications.show({ color: 'red', title: t('report-builder:schedule.error'), message });
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      const answer = await deleteSchedule(report.id_reporte);
      showSaved(answer?.resp, t('report-builder:schedule.removed'));
      onChanged();
      onClose();
    } catch (error) {
      const message = failureMessage(error);
      if (message !== null) notifications.show({ color: 'red', title: t('report-builder:schedule.remove_error'), message });
    } finally {
      setRemoving(false);
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={t('report-builder:schedule.title', { name: report.nombre })}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('report-builder:schedule.intro')}
        </Text>
        {report.programacion && (
          <Alert color="blue" variant="light" icon={<IconCalendarEvent size={18} aria-hidden />} data-testid="schedule-next">
            {t('report-builder:schedule.next', { date: formatDate(report.programacion.proximo_envio, 'PPPP') || report.programacion.proximo_envio })}
            {report.programacion.ultimo_envio && (
              <Text size="xs" mt={4}>
                {t('report-builder:schedule.last', { date: formatDate(report.programacion.ultimo_envio, 'P') || report.programacion.ultimo_envio })}
              </Text>
            )}
          </Alert>
        )}
        <Controller
          control={control}
          name="frecuencia"
          render={({ field }) => (
            <Radio.Group
              label={t('report-builder:schedule.frequency')}
              withAsterisk
              value={field.value}
              onChange={(v) => {
                const next = v as Frecuencia;
                field.onChange(next);
                // A weekday is a day of the month too; a day past the 7th is no weekday.
                if (getValues('dia') > lastDayOf(next)) setValue('dia', 1);
              }}
              error={errors.frecuencia?.message}
            >
              <Group gap="lg" mt="xs">
                <Radio value="semanal" label={t('report-builder:schedule.weekly')} />
                <Radio value="mensual" label={t('report-builder:schedule.monthly')} />
              </Group>
            </Radio.Group>
          )}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Controller
            control={control}
            name="dia"
            render={({ field }) => (
              <Select
                label={frecuencia === 'semanal' ? t('report-builder:schedule.weekday') : t('report-builder:schedule.month_day')}
                description={frecuencia === 'mensual' ? t('report-builder:schedule.month_day_hint', { max: lastDayOf('mensual') }) : undefined}
                withAsterisk
                data={days}
                value={String(field.value)}
                onChange={(v) => field.onChange(v ? Number(v) : 0)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                error={errors.dia?.message}
                data-testid="schedule-day"
              />
            )}
          />
          <Controller
            control={control}
            name="formato"
            render={({ field }) => (
              <Select
                label={t('report-builder:schedule.format')}
                withAsterisk
                data={FORMATS.map((f) => ({ value: f, label: t(`report-builder:export.formats.${f}`) }))}
                value={field.value}
                onChange={(v) => v && field.onChange(v as Formato)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                error={errors.formato?.message}
                data-testid="schedule-format"
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="destinatarios"
          render={({ field }) => <RecipientsField value={field.value} onChange={field.onChange} error={errors.destinatarios?.message} />}
        />
        <Text size="xs" c="dimmed">
          {t('report-builder:schedule.scope_hint')}
        </Text>
        <Group justify="space-between" gap="sm">
          {report.programacion ? (
            <Button variant="subtle" color="red" loading={removing} onClick={() => void remove()} data-testid="schedule-remove">
              {t('report-builder:schedule.remove')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Programar envío': the layout e-mailed every week or month, as a file, to 1–50 people. */
export function ScheduleDialog({ report, onClose, onChanged }: ScheduleDialogProps) {
  const { t } = useTranslation('report-builder');
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={report !== null} onClose={onClose} title={report ? t('schedule.title', { name: report.nombre }) : ''} size="lg" fullScreen={narrow}>
      {report && <ScheduleForm key={report.id_reporte} report={report} onClose={onClose} onChanged={onChanged} />}
    </Modal>
  );
}
