import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, applyServerError, numberOrNull } from '@/components/forms';
import { errorMessage } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { useAllPlantOptions } from '@/lib/api/shared/plant-options';
import { topicLabel, useTopicOptions } from '@/lib/api/shared/topic-options';
import { useCia } from '@/lib/company/get-cia';
import { isOn } from '@/lib/flags';
import { useCalendarAriaLabels } from '@/lib/i18n/calendar-labels';
import { formatNumberIn, useFormat } from '@/lib/i18n/use-format';
import { postCourse } from '../api/create-course';
import { fetchCourseValues } from '../api/get-course-values';
import { useInstructor } from '../api/instructor-detail';
import { useResourceOptions } from '../api/resource-options';
import { useRoom } from '../api/room-detail';
import type { CursoValores, Modalidad } from '../api/types';
import { putCourse } from '../api/update-course';
import {
  COURSE_CODE_FIELDS,
  COURSE_INPUTS,
  EMPTY_SESSION,
  coursePayload,
  courseSchema,
  type CourseValues,
} from './course-form-schema';
import { COST_FIELDS, MODALITIES, allowsMeeting, costsOf, meetingKinds, seatLimit, totalCentavos } from './course-rules';

export interface CourseFormProps {
  initial: CourseValues;
  /** The course being edited (PUT), else a new one is created. */
  editing: number | null;
  copiaDe?: number | null;
  cveSolicitudCurso?: number | null;
  /** Defaults of the initial topic, when known. */
  initialTopic?: CursoValores | null;
  /** Enrolled people (the topic cannot change then). */
  inscritos?: number;
  onSaved: (cveCurso: number) => void;
  onCancel: () => void;
}

const CONFLICTS = new Set(['cursos.sala_ocupada', 'cursos.instructor_ocupado']);

/** 'Programar curso': create, edit, copy, or answer a course-date request. */
export function CourseForm({ initial, editing, copiaDe, cveSolicitudCurso, initialTopic, inscritos = 0, onSaved, onCancel }: CourseFormProps) {
  const { t } = useTranslation(['courses', 'common']);
  const { language } = useFormat();
  const calendarLabels = useCalendarAriaLabels();
  const { data: cia } = useCia();
  const epvEnabled = isOn(cia?.epv);
  const [topic, setTopic] = useState<CursoValores | null>(initialTopic ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const topicRequest = useRef(0);

  const [salaNow, setSalaNow] = useState<number | null>(initial.cve_sala);
  const room = useRoom(salaNow);
  const roomCapacityKnown = salaNow && room.data && room.data.cve_sala === salaNow ? room.data.capacidad : null;
  const ctx = {
    requiereSala: !!topic?.requiere_sala,
    requiereInstructor: !!topic?.requiere_instructor,
    roomCapacity: roomCapacityKnown,
    minCapacity: 1,
  };
  const schema = useMemo(
    () => courseSchema((k, o) => t(k, o), ctx),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, ctx.requiereSala, ctx.requiereInstructor, ctx.roomCapacity],
  );
  const schemaRef = useRef(schema);
  useEffect(() => {
    schemaRef.current = schema;
  }, [schema]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CourseValues>({
    // The rules depend on the chosen topic and room: read the current schema on each check.
    resolver: (values, context, options) => zodResolver(schemaRef.current)(values, context, options),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const sessions = useFieldArray({ control, name: 'sesiones' });
  const [modalidad, reunionTipo, sala, instructor, moneda, ...costs] = useWatch({
    control,
    name: ['modalidad', 'reunion_tipo', 'cve_sala', 'cve_instructor', 'moneda', ...COST_FIELDS],
  });
  const total = totalCentavos(costsOf(costs));

  const topics = useTopicOptions();
  const plants = useAllPlantOptions();
  const venues = useResourceOptions('sedes');
  const rooms = useResourceOptions('salas');
  const instructors = useResourceOptions('instructores');
  const chosenInstructor = useInstructor(instructor ?? null);

  // A room belongs to one venue: choosing it fills the venue.
  useEffect(() => {
    if (room.data && room.data.cve_sala === sala && getValues('cve_sede') !== room.data.cve_sede) setValue('cve_sede', room.data.cve_sede);
  }, [room.data, sala, getValues, setValue]);

  const chooseTopic = async (cve: number | null) => {
    setValue('cve_tema', cve, { shouldValidate: true });
    setTopic(null);
    if (!cve) return;
    const ticket = ++topicRequest.current;
    try {
      const values = await fetchCourseValues(cve);
      if (ticket !== topicRequest.current) return;
      setTopic(values);
      setValue('modalidad', values.modalidad as Modalidad);
      setValue('capacidad', values.capacidad);
      setValue('dias_acceso', values.dias_acceso);
      setValue('tipo_cambio', values.tipo_cambio);
      setValue('moneda', values.moneda === 'USD' ? 'USD' : 'MXN');
      if (!allowsMeeting(values.modalidad as Modalidad)) setValue('reunion_tipo', 'ninguna');
    } catch (error) {
      if (ticket === topicRequest.current) setFailure(errorMessage(error));
    }
  };

  const chooseRoom = (cve: number | null) => {
    setSalaNow(cve);
    setValue('cve_sala', cve, { shouldValidate: true });
  };

  const submit = async (values: CourseValues) => {
    setFailure(null);
    setConflict(null);
    const body = coursePayload(values, { cve_solicitud_curso: cveSolicitudCurso, copia_de: copiaDe });
    try {
      const answer = editing ? await putCourse(editing, body) : await postCourse(body);
      showSaved(answer?.resp, editing ? t('courses:form.saved') : t('courses:form.created'));
      onSaved(editing ?? Number(answer.cve_curso));
    } catch (error) {
      if (error instanceof ApiError && error.code && CONFLICTS.has(error.code)) setConflict(errorMessage(error));
      setFailure(
        applyServerError<CourseValues>(error, setError, COURSE_INPUTS as unknown as Path<CourseValues>[], {
          codeFields: COURSE_CODE_FIELDS as Record<string, Path<CourseValues>>,
        }),
      );
    }
  };

  const idSelect = (
    name: 'cve_planta' | 'cve_sede' | 'cve_instructor',
    label: string,
    data: { value: number; label: string }[] | undefined,
    extra?: { required?: boolean; description?: string },
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          ref={field.ref}
          label={label}
          description={extra?.description}
          withAsterisk={extra?.required}
          data={(data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
          value={field.value ? String(field.value) : null}
          onChange={(v) => field.onChange(v ? Number(v) : null)}
          onBlur={field.onBlur}
          searchable
          clearable
          nothingFoundMessage={t('courses:form.nothing_found')}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  const number = (name: Path<CourseValues>, label: string, opts: { decimals?: number; min?: number; max?: number; prefix?: string; description?: string; required?: boolean }) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          ref={field.ref}
          name={field.name}
          label={label}
          description={opts.description}
          withAsterisk={opts.required}
          min={opts.min}
          max={opts.max}
          allowNegative={false}
          allowDecimal={(opts.decimals ?? 0) > 0}
          decimalScale={opts.decimals}
          fixedDecimalScale={opts.prefix !== undefined}
          prefix={opts.prefix}
          thousandSeparator={opts.prefix !== undefined ? ',' : undefined}
          clampBehavior="none"
          value={(field.value as number | null) ?? ''}
          onChange={(v) => field.onChange(numberOrNull(v))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  const money = (value: number) => formatNumberIn(language, value / 100, { style: 'currency', currency: moneda || 'MXN' });
  const sessionsError = errors.sesiones?.message ?? errors.sesiones?.root?.message;
  const limit = seatLimit(roomCapacityKnown);

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={editing ? t('courses:form.edit_title') : t('courses:form.new_title')}>
      <Stack gap="md">
        <FailureAlert message={conflict ? null : failure} />
        {conflict && (
          <Alert color="orange" variant="filled" role="alert" title={t('courses:form.conflict_title')}>
            {conflict}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('courses:form.section_topic')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Controller
                control={control}
                name="cve_tema"
                render={({ field, fieldState }) => (
                  <Select
                    ref={field.ref}
                    label={t('courses:fields.tema')}
                    withAsterisk
                    searchable
                    disabled={!!editing && inscritos > 0}
                    description={editing && inscritos > 0 ? t('courses:form.topic_locked') : undefined}
                    data={(topics.data ?? []).map((o) => ({ value: String(o.cve_tema), label: topicLabel(o) }))}
                    value={field.value ? String(field.value) : null}
                    onChange={(v) => void chooseTopic(v ? Number(v) : null)}
                    onBlur={field.onBlur}
                    nothingFoundMessage={t('courses:form.nothing_found')}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <TextInput label={t('courses:fields.nombre_corto')} description={t('courses:form.short_name_hint')} maxLength={120} error={errors.nombre_corto?.message} {...register('nombre_corto')} />
            </SimpleGrid>
            {topic && (
              <Group gap="xs" wrap="wrap" aria-live="polite">
                <Badge variant="light">{t(`courses:models.${topic.modelo_evaluacion}`)}</Badge>
                {topic.requiere_sala && <Badge variant="light" color="gray">{t('courses:form.needs_room')}</Badge>}
                {topic.requiere_instructor && <Badge variant="light" color="gray">{t('courses:form.needs_instructor')}</Badge>}
                {topic.min_participantes != null && (
                  <Badge variant="light" color="gray">
                    {t('courses:form.min_participants', { n: topic.min_participantes })}
                  </Badge>
                )}
              </Group>
            )}
            <Controller
              control={control}
              name="modalidad"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="course-modality">
                    {t('courses:fields.modalidad')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="course-modality"
                    data={MODALITIES.map((m) => ({ value: m, label: t(`courses:modalities.${m}`) }))}
                    value={field.value}
                    onChange={(v) => {
                      field.onChange(v);
                      if (!allowsMeeting(v as CourseValues['modalidad'])) setValue('reunion_tipo', 'ninguna');
                    }}
                    orientation="horizontal"
                    fullWidth
                    style={{ flexWrap: 'wrap' }}
                  />
                </Stack>
              )}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={3} size="h5">
                {t('courses:form.section_sessions')}
              </Title>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => {
                  const last = getValues('sesiones').at(-1);
                  sessions.append(last ? { fecha: '', hora_inicio: last.hora_inicio, hora_fin: last.hora_fin } : { ...EMPTY_SESSION });
                }}
                disabled={sessions.fields.length >= 60}
              >
                {t('courses:form.add_session')}
              </Button>
            </Group>
            {sessionsError && (
              <Text c="red.8" size="sm" role="alert">
                {sessionsError}
              </Text>
            )}
            {sessions.fields.map((row, index) => {
              const rowErrors = errors.sesiones?.[index];
              return (
                <Group key={row.id} align="flex-start" gap="xs" wrap="wrap" role="group" aria-label={t('courses:form.session_n', { n: index + 1 })}>
                  <Controller
                    control={control}
                    name={`sesiones.${index}.fecha`}
                    render={({ field }) => (
                      <DatePickerInput
                        label={t('courses:fields.fecha')}
                        valueFormat="DD/MM/YYYY"
                        value={field.value || null}
                        onChange={(v) => field.onChange(v ?? '')}
                        onBlur={field.onBlur}
                        withAsterisk
                        error={rowErrors?.fecha?.message}
                        popoverProps={{ withinPortal: true }}
                        ariaLabels={calendarLabels}
                        style={{ flex: '1 1 9rem' }}
                      />
                    )}
                  />
                  <TimeInput label={t('courses:fields.hora_inicio')} withAsterisk error={rowErrors?.hora_inicio?.message} style={{ flex: '1 1 6rem' }} {...register(`sesiones.${index}.hora_inicio`)} />
                  <TimeInput label={t('courses:fields.hora_fin')} withAsterisk error={rowErrors?.hora_fin?.message} style={{ flex: '1 1 6rem' }} {...register(`sesiones.${index}.hora_fin`)} />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    aria-label={t('courses:form.remove_session', { n: index + 1 })}
                    onClick={() => sessions.remove(index)}
                    disabled={sessions.fields.length <= 1}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              );
            })}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('courses:form.section_place')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {idSelect('cve_planta', t('courses:fields.planta'), plants.data as { value: number; label: string }[] | undefined)}
              {idSelect('cve_sede', t('courses:fields.sede'), venues.data)}
              <Controller
                control={control}
                name="cve_sala"
                render={({ field, fieldState }) => (
                  <Select
                    ref={field.ref}
                    label={t('courses:fields.sala')}
                    withAsterisk={ctx.requiereSala && modalidad === 'PRESENCIAL'}
                    description={roomCapacityKnown ? t('courses:form.room_capacity', { n: roomCapacityKnown }) : undefined}
                    data={(rooms.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
                    value={field.value ? String(field.value) : null}
                    onChange={(v) => chooseRoom(v ? Number(v) : null)}
                    onBlur={field.onBlur}
                    searchable
                    clearable
                    nothingFoundMessage={t('courses:form.nothing_found')}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <div>
                {idSelect('cve_instructor', t('courses:fields.instructor'), instructors.data, { required: ctx.requiereInstructor })}
                {chosenInstructor.data && chosenInstructor.data.cve_instructor === instructor && (
                  <Badge mt={6} variant="light" color={isOn(chosenInstructor.data.interno) ? 'teal' : 'grape'}>
                    {isOn(chosenInstructor.data.interno) ? t('courses:form.internal') : t('courses:form.external')}
                  </Badge>
                )}
              </div>
              {number('capacidad', t('courses:fields.capacidad'), {
                min: 1,
                max: limit,
                required: true,
                description: roomCapacityKnown ? t('courses:form.capacity_cap', { n: limit }) : undefined,
              })}
              {number('dias_acceso', t('courses:fields.dias_acceso'), { min: 0, max: 3650, required: true, description: t('courses:form.access_hint') })}
            </SimpleGrid>
            <Group gap="lg" wrap="wrap">
              {(['autoinscripcion', ...(epvEnabled ? (['epv'] as const) : [])] as const).map((flag) => (
                <Controller
                  key={flag}
                  control={control}
                  name={flag}
                  render={({ field }) => (
                    <Switch label={t(`courses:fields.${flag}`)} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
                  )}
                />
              ))}
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('courses:form.section_costs')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              <Controller
                control={control}
                name="moneda"
                render={({ field }) => (
                  <Select label={t('courses:fields.moneda')} data={['MXN', 'USD']} value={field.value} onChange={(v) => field.onChange(v ?? 'MXN')} allowDeselect={false} />
                )}
              />
              {number('tipo_cambio', t('courses:fields.tipo_cambio'), { decimals: 4, min: 0, required: true })}
              {COST_FIELDS.map((f) => (
                <div key={f}>{number(f, t(`courses:fields.${f}`), { decimals: 2, min: 0, prefix: '$ ' })}</div>
              ))}
            </SimpleGrid>
            <Divider />
            <Group justify="space-between" aria-live="polite">
              <Text fw={600}>{t('courses:fields.costo_total')}</Text>
              <Text fw={700} data-testid="course-total">
                {money(total)}
              </Text>
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('courses:form.section_meeting')}
            </Title>
            {!allowsMeeting(modalidad) ? (
              <Text size="sm" c="dimmed">
                {t('courses:form.meeting_only_online')}
              </Text>
            ) : (
              <>
                <Controller
                  control={control}
                  name="reunion_tipo"
                  render={({ field, fieldState }) => (
                    <Select
                      label={t('courses:fields.reunion_tipo')}
                      data={meetingKinds(modalidad).map((k) => ({ value: k, label: t(`courses:meetings.${k}`) }))}
                      value={field.value}
                      onChange={(v) => field.onChange(v ?? 'ninguna')}
                      allowDeselect={false}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                {reunionTipo === 'manual' && (
                  <TextInput type="url" label={t('courses:fields.reunion_url')} placeholder="https://" withAsterisk error={errors.reunion_url?.message} {...register('reunion_url')} />
                )}
                {(reunionTipo === 'jitsi' || reunionTipo === 'teams') && (
                  <Text size="sm" c="dimmed">
                    {t('courses:form.meeting_generated')}
                  </Text>
                )}
              </>
            )}
          </Stack>
        </Paper>

        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {editing ? t('common:actions.save') : t('courses:form.schedule')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
