import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
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
import { useCompanies, type Signer } from '../api/companies';
import { postRepresentative } from '../api/create-representative';
import type { RepresentativeRow } from '../api/representatives-table';
import { putRepresentative } from '../api/update-representative';
import { postRepresentativeSignature } from '../api/upload-representative-signature';
import { NAME_MAX, NAME_PATTERN } from './rules';
import { companySigners } from './signers';

type T = (key: string, options?: Record<string, unknown>) => string;
const SIGNERS: Signer[] = ['patron', 'trabajadores'];

function representativeSchema(t: T, editing: boolean) {
  const required = t('stps:validation.required');
  const tooLong = t('stps:validation.too_long', { max: NAME_MAX });
  return z
    .object({
      cve_n4: z.string().nullable(),
      tipo: z.string().nullable(),
      nombre: z.string().trim().min(1, required).max(NAME_MAX, tooLong).regex(NAME_PATTERN, t('stps:validation.alphanumeric')),
      puesto: z.string().trim().max(NAME_MAX, tooLong),
      activo: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (editing) return;
      if (!values.cve_n4) ctx.addIssue({ code: 'custom', path: ['cve_n4'], message: required });
      if (!values.tipo) ctx.addIssue({ code: 'custom', path: ['tipo'], message: required });
    });
}

type RepresentativeValues = z.infer<ReturnType<typeof representativeSchema>>;
const INPUTS = ['cve_n4', 'tipo', 'nombre', 'puesto', 'activo'] as const;

interface RepresentativeFormModalProps {
  opened: boolean;
  /** The representative to edit; null for a new one. */
  representative: RepresentativeRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** A DC-3 representative (employer/legal or workers'), with the signature printed on the DC-3. */
export function RepresentativeFormModal({ opened, representative, onClose, onSaved }: RepresentativeFormModalProps) {
  const { t } = useTranslation('stps');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={representative ? t('representantes.edit_title') : t('representantes.new_title')}
      size="lg"
    >
      {opened && (
        <RepresentativeForm
          key={representative?.cve_representante ?? 'new'}
          representative={representative}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function RepresentativeForm({
  representative,
  onClose,
  onSaved,
}: {
  representative: RepresentativeRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['stps', 'common', 'errors']);
  const editing = representative !== null;
  const schema = useMemo(() => representativeSchema((k, o) => t(k, o), editing), [t, editing]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RepresentativeValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      cve_n4: representative?.cve_n4 ? String(representative.cve_n4) : null,
      tipo: representative?.tipo ?? null,
      nombre: representative?.nombre ?? '',
      puesto: representative?.puesto ?? '',
      activo: representative ? isOn(representative.activo) : true,
    },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [signature, setSignature] = useState<PickedImage | null>(null);
  const [signatureUrl, setSignatureUrl] = useState<string | null>(representative?.firma_url ?? null);
  // After a create the id is kept, so a retry of a failed signature upload does not create twice.
  const [savedId, setSavedId] = useState<number | null>(representative?.cve_representante ?? null);
  const companies = useCompanies();
  const companyOptions = (companies.data ?? []).map((c) => ({ value: String(c.cve_n4), label: c.nombre }));
  const cveN4 = useWatch({ control, name: 'cve_n4' });
  const chosenCompany = companies.data?.find((c) => String(c.cve_n4) === cveN4);
  const tipo = useWatch({ control, name: 'tipo' });
  const workersDoNotSign = !editing && tipo === 'trabajadores' && chosenCompany && !companySigners(chosenCompany).includes('trabajadores');

  const submit = async (values: RepresentativeValues) => {
    setFailure(null);
    let id = savedId;
    let resp: string | undefined;
    try {
      if (id === null) {
        const answer = await postRepresentative({
          cve_n4: Number(values.cve_n4),
          tipo: values.tipo as Signer,
          nombre: values.nombre.trim(),
          puesto: optional(values.puesto),
        });
        id = answer?.cve_representante ?? answer?.id ?? null;
        setSavedId(id);
        resp = answer?.resp;
      } else {
        const answer = await putRepresentative(id, { nombre: values.nombre.trim(), puesto: optional(values.puesto), activo: values.activo ? 1 : 0 });
        resp = answer?.resp;
      }
    } catch (error) {
      setFailure(applyServerError(error, setError, INPUTS, { focus: false }));
      return;
    }
    if (signature) {
      try {
        if (id === null) throw new Error('no id');
        const answer = await postRepresentativeSignature(id, signature.file);
        setSignatureUrl(answer?.firma_url ?? signature.preview);
        setSignature(null);
      } catch (error) {
        onSaved();
        setFailure([t('stps:image.upload_failed'), error instanceof Error && error.message === 'no id' ? '' : errorMessage(error)].filter(Boolean).join(' '));
        return;
      }
    }
    showSaved(resp);
    onSaved();
    onClose();
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        {editing ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('stps:fields.empresa')} value={representative.empresa ?? ''} readOnly variant="filled" />
            <TextInput
              label={t('stps:fields.tipo')}
              value={SIGNERS.includes(representative.tipo as Signer) ? t(`stps:signers.${representative.tipo}`) : representative.tipo}
              readOnly
              variant="filled"
            />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={control}
              name="cve_n4"
              render={({ field }) => (
                <Select
                  label={t('stps:fields.empresa')}
                  placeholder={companies.isLoading ? t('common:loading') : t('stps:pick_company')}
                  data={companyOptions}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  searchable
                  withAsterisk
                  nothingFoundMessage={t('stps:no_options')}
                  error={errors.cve_n4?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="tipo"
              render={({ field }) => (
                <Select
                  label={t('stps:fields.tipo')}
                  placeholder={t('stps:representantes.pick_type')}
                  data={SIGNERS.map((s) => ({ value: s, label: t(`stps:signers.${s}`) }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  withAsterisk
                  error={errors.tipo?.message}
                />
              )}
            />
          </SimpleGrid>
        )}
        {workersDoNotSign && (
          <Alert color="yellow" variant="light" role="note" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('stps:representantes.workers_not_needed', { name: chosenCompany.nombre })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('stps:fields.nombre')} maxLength={NAME_MAX} withAsterisk error={errors.nombre?.message} {...register('nombre')} />
          <TextInput label={t('stps:fields.puesto')} maxLength={NAME_MAX} error={errors.puesto?.message} {...register('puesto')} />
        </SimpleGrid>
        <ImageField
          label={t('stps:fields.firma')}
          previewAlt={t('stps:representantes.signature_alt')}
          currentUrl={signatureUrl}
          value={signature}
          onChange={setSignature}
          description={
            editing && !signatureUrl
              ? `${t('stps:image.hint')} · ${t('stps:representantes.has_signature', { value: isOn(representative.tiene_firma) ? t('stps:yes') : t('stps:no') })}`
              : undefined
          }
        />
        {editing && <ActiveSwitch control={control} name="activo" />}
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
