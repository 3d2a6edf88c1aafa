import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showSaved } from '@/components/feedback';
import { ActiveSwitch, FailureAlert, FormButtons, applyServerError, optional } from '@/components/forms';
import { ImageField, type PickedImage } from '@/components/upload';
import { errorMessage } from '@/lib/api/client';
import { isOn } from '@/lib/flags';
import type { Instructor } from '../api/resource-types';
import { useResourceOptions } from '../api/resource-options';
import { postInstructorSignature } from '../api/upload-signature';
import { EmployeePicker, type PickedEmployee } from './employee-picker';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  NAME_MAX,
  NAME_PATTERN,
  PERSON_NAME_PATTERN,
  RFC_MAX,
  RFC_MIN,
  RFC_PATTERN,
  STPS_MAX,
  STPS_PATTERN,
  USER_MAX,
  USER_PATTERN,
} from './rules';
import { useResourceSave } from './save-resource';

type T = (key: string, options?: Record<string, unknown>) => string;

function instructorSchema(t: T) {
  const required = t('resources:validation.required');
  const tooLong = t('resources:validation.too_long', { max: NAME_MAX });
  return z
    .object({
      interno: z.enum(['1', '0']),
      cve_empleado: z.string().nullable(),
      nombre: z.string().trim().min(1, required).max(NAME_MAX, tooLong).regex(PERSON_NAME_PATTERN, t('resources:validation.letters')),
      correo: z.string().trim().min(1, required).max(EMAIL_MAX, tooLong).regex(EMAIL_PATTERN, t('resources:validation.email')),
      usuario: z
        .string()
        .trim()
        .min(1, required)
        .max(USER_MAX, t('resources:validation.too_long', { max: USER_MAX }))
        .regex(USER_PATTERN, t('resources:validation.user')),
      especialidad: z.string().trim().min(1, required).max(NAME_MAX, tooLong).regex(NAME_PATTERN, t('resources:validation.alphanumeric')),
      rfc: z
        .string()
        .trim()
        .min(1, required)
        .transform((v) => v.toUpperCase())
        .pipe(z.string().min(RFC_MIN, t('resources:validation.rfc')).max(RFC_MAX, t('resources:validation.rfc')).regex(RFC_PATTERN, t('resources:validation.rfc'))),
      registro_stps: z
        .string()
        .trim()
        .max(STPS_MAX, t('resources:validation.too_long', { max: STPS_MAX }))
        .refine((v) => v === '' || STPS_PATTERN.test(v), t('resources:validation.alphanumeric')),
      cve_institucion: z.string().nullable(),
      activo: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (values.interno === '1' && !values.cve_empleado)
        ctx.addIssue({ code: 'custom', path: ['cve_empleado'], message: t('resources:instructores.pick_employee') });
    });
}

type InstructorInput = z.input<ReturnType<typeof instructorSchema>>;
type InstructorValues = z.output<ReturnType<typeof instructorSchema>>;
const INPUTS = [
  'interno',
  'cve_empleado',
  'nombre',
  'correo',
  'usuario',
  'especialidad',
  'rfc',
  'registro_stps',
  'cve_institucion',
  'activo',
] as const;

interface InstructorFormProps {
  id: number | null;
  record: Instructor | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Instructor: internal (an employee, picked by typeahead, who gets the Instructor profile)
 * or external (no platform access). Name letters only; e-mail, user, specialty and RFC
 * required; STPS registration and institution optional; a signature image with preview.
 */
export function InstructorForm({ id, record, onClose, onSaved }: InstructorFormProps) {
  const { t } = useTranslation(['resources', 'common', 'errors']);
  const schema = useMemo(() => instructorSchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<InstructorInput, unknown, InstructorValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      interno: record ? (isOn(record.interno) ? '1' : '0') : '1',
      cve_empleado: record?.cve_empleado ? String(record.cve_empleado) : null,
      nombre: record?.nombre ?? '',
      correo: record?.correo ?? '',
      usuario: record?.usuario ?? '',
      especialidad: record?.especialidad ?? '',
      rfc: record?.rfc ?? '',
      registro_stps: record?.registro_stps ?? '',
      cve_institucion: record?.cve_institucion ? String(record.cve_institucion) : null,
      activo: record ? isOn(record.activo ?? 1) : true,
    },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [signature, setSignature] = useState<PickedImage | null>(null);
  const [signatureUrl, setSignatureUrl] = useState<string | null>(record?.firma_url ?? null);
  const [employee, setEmployee] = useState<{ value: string; label: string } | null>(
    record?.cve_empleado ? { value: String(record.cve_empleado), label: record.nombre_empleado || record.nombre } : null,
  );
  const interno = useWatch({ control, name: 'interno' }) === '1';
  const institutions = useResourceOptions('instituciones');
  const { save } = useResourceSave('instructores', id);

  const institutionOptions = (institutions.data ?? []).map((o) => ({ value: String(o.value), label: o.label }));
  if (record?.cve_institucion && !institutionOptions.some((o) => o.value === String(record.cve_institucion)))
    institutionOptions.unshift({ value: String(record.cve_institucion), label: record.institucion || String(record.cve_institucion) });

  const pickEmployee = (option: PickedEmployee | null) => {
    setEmployee(option ? { value: String(option.value), label: option.label } : null);
    setValue('cve_empleado', option ? String(option.value) : null, { shouldValidate: !!option });
    if (!option) return;
    const nombre = option.nombre || option.label;
    const correo = option.correo;
    setValue('nombre', nombre, { shouldValidate: true, shouldDirty: true });
    if (correo) setValue('correo', correo, { shouldValidate: true, shouldDirty: true });
  };

  const submit = async (values: InstructorValues) => {
    setFailure(null);
    let saved: { id: number | null; resp?: string };
    try {
      saved = await save(
        {
          interno: values.interno === '1' ? 1 : 0,
          cve_empleado: values.interno === '1' && values.cve_empleado ? Number(values.cve_empleado) : null,
          nombre: values.nombre.trim(),
          correo: values.correo.trim().toLowerCase(),
          usuario: values.usuario.trim(),
          especialidad: values.especialidad.trim(),
          rfc: values.rfc,
          registro_stps: optional(values.registro_stps),
          cve_institucion: values.cve_institucion ? Number(values.cve_institucion) : null,
        },
        values.activo,
      );
    } catch (error) {
      setFailure(applyServerError(error, setError, INPUTS, { focus: false }));
      return;
    }
    if (signature) {
      try {
        if (saved.id === null) throw new Error('no id');
        const answer = await postInstructorSignature(saved.id, signature.file);
        setSignatureUrl(answer?.firma_url ?? answer?.url ?? signature.preview);
        setSignature(null);
      } catch (error) {
        // The instructor is stored: say so, keep the form open to retry the image only.
        onSaved();
        setFailure([t('resources:image.upload_failed'), error instanceof Error && error.message === 'no id' ? '' : errorMessage(error)].filter(Boolean).join(' '));
        return;
      }
    }
    showSaved(saved.resp);
    onSaved();
    onClose();
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <Controller
          control={control}
          name="interno"
          render={({ field }) => (
            <Radio.Group
              label={t('resources:fields.tipo_instructor')}
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                if (v === '0') {
                  setEmployee(null);
                  setValue('cve_empleado', null);
                  clearErrors('cve_empleado');
                }
              }}
              withAsterisk
            >
              <Group mt={6} gap="lg">
                <Radio value="1" label={t('resources:instructores.interno')} />
                <Radio value="0" label={t('resources:instructores.externo')} />
              </Group>
            </Radio.Group>
          )}
        />
        {interno ? (
          <EmployeePicker
            label={t('resources:fields.empleado')}
            value={employee}
            onPick={pickEmployee}
            error={errors.cve_empleado?.message}
          />
        ) : (
          <Alert color="blue" variant="light" role="note" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('resources:instructores.external_note')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('resources:fields.nombre')} maxLength={NAME_MAX} withAsterisk error={errors.nombre?.message} {...register('nombre')} />
          <TextInput
            label={t('resources:fields.correo')}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            withAsterisk
            error={errors.correo?.message}
            {...register('correo')}
          />
          <TextInput
            label={t('resources:fields.usuario')}
            autoComplete="off"
            maxLength={USER_MAX}
            withAsterisk
            error={errors.usuario?.message}
            {...register('usuario')}
          />
          <TextInput
            label={t('resources:fields.especialidad')}
            maxLength={NAME_MAX}
            withAsterisk
            error={errors.especialidad?.message}
            {...register('especialidad')}
          />
          <TextInput
            label={t('resources:fields.rfc')}
            maxLength={13}
            withAsterisk
            autoComplete="off"
            styles={{ input: { textTransform: 'uppercase' } }}
            error={errors.rfc?.message}
            {...register('rfc')}
          />
          <TextInput
            label={t('resources:fields.registro_stps')}
            maxLength={STPS_MAX}
            error={errors.registro_stps?.message}
            {...register('registro_stps')}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="cve_institucion"
          render={({ field }) => (
            <Select
              label={t('resources:fields.institucion')}
              placeholder={institutions.isLoading ? t('common:loading') : t('resources:instructores.pick_institution')}
              data={institutionOptions}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              clearable
              nothingFoundMessage={t('resources:no_options')}
              error={errors.cve_institucion?.message}
            />
          )}
        />
        <ImageField
          label={t('resources:fields.firma')}
          previewAlt={t('resources:instructores.signature_alt')}
          currentUrl={signatureUrl}
          value={signature}
          onChange={setSignature}
        />
        {id !== null && <ActiveSwitch control={control} name="activo" />}
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
