import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { IconSignature } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showSaved } from '@/components/feedback';
import { FailureAlert, FormButtons, applyServerError } from '@/components/forms';
import type { Company } from '../api/companies';
import { putCompany } from '../api/update-company';
import {
  COMPANY_NAME_MAX,
  EMPLOYER_REGISTRATION_MAX,
  EMPLOYER_REGISTRATION_PATTERN,
  RFC_MAX,
  RFC_MIN,
  RFC_PATTERN,
  WORKERS_MAX,
  WORKERS_MIN,
} from './rules';
import { WORKERS_SIGN_FROM, signersFor } from './signers';
import { SignersBadges } from './signers-badges';

type T = (key: string, options?: Record<string, unknown>) => string;

function companySchema(t: T) {
  const required = t('stps:validation.required');
  return z.object({
    razon_social: z
      .string()
      .trim()
      .min(1, required)
      .max(COMPANY_NAME_MAX, t('stps:validation.too_long', { max: COMPANY_NAME_MAX })),
    rfc: z
      .string()
      .trim()
      .min(1, required)
      .transform((v) => v.toUpperCase())
      .pipe(z.string().min(RFC_MIN, t('stps:validation.rfc')).max(RFC_MAX, t('stps:validation.rfc')).regex(RFC_PATTERN, t('stps:validation.rfc'))),
    registro_patronal: z
      .string()
      .trim()
      .min(1, required)
      .max(EMPLOYER_REGISTRATION_MAX, t('stps:validation.too_long', { max: EMPLOYER_REGISTRATION_MAX }))
      .regex(EMPLOYER_REGISTRATION_PATTERN, t('stps:validation.registro_patronal')),
    num_trabajadores: z
      .union([z.number(), z.string()])
      .refine((v) => v !== '', required)
      .refine((v) => Number.isInteger(Number(v)) && Number(v) >= WORKERS_MIN && Number(v) <= WORKERS_MAX, t('stps:validation.workers', { min: WORKERS_MIN, max: WORKERS_MAX })),
  });
}

type CompanyInput = z.input<ReturnType<typeof companySchema>>;
type CompanyValues = z.output<ReturnType<typeof companySchema>>;
const INPUTS = ['razon_social', 'rfc', 'registro_patronal', 'num_trabajadores'] as const;

interface CompanyFormModalProps {
  company: Company | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The DC-3 data of a company; shows who signs its DC-3 as the number of workers changes. */
export function CompanyFormModal({ company, onClose, onSaved }: CompanyFormModalProps) {
  const { t } = useTranslation('stps');
  return (
    <Modal opened={company !== null} onClose={onClose} title={t('empresas.edit_title', { name: company?.nombre ?? '' })} size="lg">
      {company && <CompanyForm key={company.cve_n4} company={company} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function CompanyForm({ company, onClose, onSaved }: { company: Company; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['stps', 'common']);
  const schema = useMemo(() => companySchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CompanyInput, unknown, CompanyValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      razon_social: company.razon_social ?? '',
      rfc: company.rfc ?? '',
      registro_patronal: company.registro_patronal ?? '',
      num_trabajadores: company.num_trabajadores ?? '',
    },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const workers = useWatch({ control, name: 'num_trabajadores' });
  const count = workers === '' || workers === undefined ? null : Number(workers);
  const signers = signersFor(count);

  const submit = async (values: CompanyValues) => {
    setFailure(null);
    try {
      const answer = await putCompany(company.cve_n4, {
        razon_social: values.razon_social.trim(),
        rfc: values.rfc,
        registro_patronal: values.registro_patronal.trim().toUpperCase(),
        num_trabajadores: Number(values.num_trabajadores),
      });
      showSaved(answer?.resp);
      onSaved();
      onClose();
    } catch (error) {
      setFailure(applyServerError(error, setError, INPUTS, { focus: false }));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <TextInput
          label={t('stps:fields.razon_social')}
          maxLength={COMPANY_NAME_MAX}
          withAsterisk
          error={errors.razon_social?.message}
          {...register('razon_social')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('stps:fields.rfc')}
            maxLength={13}
            withAsterisk
            autoComplete="off"
            styles={{ input: { textTransform: 'uppercase' } }}
            error={errors.rfc?.message}
            {...register('rfc')}
          />
          <TextInput
            label={t('stps:fields.registro_patronal')}
            maxLength={EMPLOYER_REGISTRATION_MAX}
            withAsterisk
            autoComplete="off"
            styles={{ input: { textTransform: 'uppercase' } }}
            error={errors.registro_patronal?.message}
            {...register('registro_patronal')}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="num_trabajadores"
          render={({ field }) => (
            <NumberInput
              label={t('stps:fields.num_trabajadores')}
              min={WORKERS_MIN}
              max={WORKERS_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              thousandSeparator=","
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.num_trabajadores?.message}
            />
          )}
        />
        <Alert
          color="blue"
          variant="light"
          icon={<IconSignature size={18} aria-hidden />}
          title={t('stps:empresas.who_signs')}
          role="status"
          data-testid="dc3-signers"
        >
          <Stack gap={6}>
            <SignersBadges signers={signers} />
            <Text size="sm">
              {signers.length > 1
                ? t('stps:empresas.signers_many', { min: WORKERS_SIGN_FROM })
                : t('stps:empresas.signers_few', { min: WORKERS_SIGN_FROM })}
            </Text>
          </Stack>
        </Alert>
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
