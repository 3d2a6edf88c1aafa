import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconPlayerPlay } from '@tabler/icons-react';
import { format } from 'date-fns';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showAlert } from '@/lib/alerts';
import type { Cia } from '@/lib/company/types';
import { useClientTypes } from '../api/get-client-types';
import { COMPANY_SEARCH_MIN, useCompanies } from '../api/get-companies';
import { usePositions } from '@/lib/api/shared/positions';
import { useSegments } from '../api/get-segments';
import { useStates } from '@/lib/api/shared/states';
import { postRegistration } from '../api/register';
import { VideoTutorialModal } from './video-tutorial-modal';
import { EMPTY_REGISTRATION, registrationPayload, registrationSchema, type RegistrationValues } from './register-schema';

export interface RegisterModalProps {
  opened: boolean;
  onClose: () => void;
  cia: Cia | undefined;
}

function useFailureToast(error: unknown, message: string) {
  const { t } = useTranslation('errors');
  const title = t('ui.ups');
  useEffect(() => {
    if (error) notifications.show({ color: 'red', title, message });
  }, [error, message, title]);
}

/** Self-registration: cascading segment → client type → company → position, then personal data. */
export default function RegisterModal({ opened, onClose, cia }: RegisterModalProps) {
  const { t } = useTranslation(['auth', 'common']);
  const schema = useMemo(() => registrationSchema((k) => t(k)), [t]);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = useForm<RegistrationValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_REGISTRATION,
    mode: 'onChange',
  });
  const [n2, n3, n4, puesto] = useWatch({ control, name: ['n2', 'n3', 'n4', 'cve_puesto'] });
  const [companySearch, setCompanySearch] = useState('');
  const [videoOpened, video] = useDisclosure(false);
  const videoLink = cia?.register_modal_video_link?.trim();
  const [company, setCompany] = useState<{ value: string; label: string } | null>(null);

  const segments = useSegments(opened);
  const clientTypes = useClientTypes(n2 || null);
  const companies = useCompanies(n3 || null, companySearch);
  // The company id comes from the combo as text; the server wants a number.
  const positions = usePositions(/^\d+$/.test(n4) ? Number(n4) : null);
  const states = useStates(opened);
  useFailureToast(segments.error, t('auth:register.errors.segments'));
  useFailureToast(clientTypes.error, t('auth:register.errors.client_types'));
  useFailureToast(companies.error, t('auth:register.errors.companies'));
  useFailureToast(positions.error, t('auth:register.errors.positions'));
  useFailureToast(states.error, t('auth:register.errors.states'));

  const searching = companySearch.trim().length >= COMPANY_SEARCH_MIN;
  const companyData = useMemo(() => {
    const list = searching ? (companies.data ?? []).map((c) => ({ value: String(c.value), label: c.label })) : [];
    if (company && !list.some((c) => c.value === company.value)) list.unshift(company);
    return list;
  }, [companies.data, company, searching]);
  const positionData = (positions.data ?? []).map((p) => ({ value: String(p.cve_puesto), label: p.puesto }));

  const close = () => {
    reset(EMPTY_REGISTRATION);
    setCompany(null);
    setCompanySearch('');
    onClose();
  };

  const submit = async (values: RegistrationValues) => {
    const label = positionData.find((p) => p.value === values.cve_puesto)?.label ?? '';
    try {
      const answer = await postRegistration(registrationPayload(values, label, cia));
      await showAlert({
        title: t('common:success'),
        message: answer?.message || t('auth:register.success'),
        tone: 'success',
      });
      close();
    } catch {
      // The client showed the server's message.
    }
  };

  const reset3 = { shouldValidate: true } as const;

  return (
    <Modal opened={opened} onClose={close} title={t('auth:register.title')} size="xl">
      <form onSubmit={handleSubmit(submit)} noValidate>
        <Stack gap="md">
          {(cia?.register_modal_text || videoLink) && (
            <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              {cia?.register_modal_text && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {cia.register_modal_text}
                </Text>
              )}
              {videoLink && (
                <Anchor component="button" type="button" size="sm" mt={4} onClick={video.open}>
                  <Group gap={4} component="span">
                    <IconPlayerPlay size={14} aria-hidden />
                    {cia?.register_modal_video_tutorial_text || t('auth:video.open')}
                  </Group>
                </Anchor>
              )}
            </Alert>
          )}
          <Text fw={600} size="sm">
            {t('auth:register.company_section')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Controller
              control={control}
              name="n2"
              render={({ field }) => (
                <Select
                  label={t('auth:register.segment')}
                  data={(segments.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
                  value={field.value || null}
                  onChange={(v) => {
                    field.onChange(v ?? '');
                    setValue('n3', '', reset3);
                    setValue('n4', '', reset3);
                    setValue('cve_puesto', '', reset3);
                    setCompany(null);
                    setCompanySearch('');
                  }}
                  withAsterisk
                  searchable
                  disabled={segments.isLoading}
                  nothingFoundMessage={t('auth:no_results')}
                  error={errors.n2?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="n3"
              render={({ field }) => (
                <Select
                  label={t('auth:register.client_type')}
                  data={(clientTypes.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
                  value={field.value || null}
                  onChange={(v) => {
                    field.onChange(v ?? '');
                    setValue('n4', '', reset3);
                    setValue('cve_puesto', '', reset3);
                    setCompany(null);
                    setCompanySearch('');
                  }}
                  withAsterisk
                  disabled={!n2 || clientTypes.isLoading}
                  nothingFoundMessage={t('auth:no_results')}
                  error={errors.n3?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="n4"
              render={({ field }) => (
                <Select
                  label={t('auth:register.company')}
                  description={t('auth:register.company_hint')}
                  data={companyData}
                  value={field.value || null}
                  searchable
                  searchValue={companySearch}
                  onSearchChange={setCompanySearch}
                  filter={({ options }) => options}
                  onChange={(v, option) => {
                    field.onChange(v ?? '');
                    setCompany(v && option ? { value: v, label: option.label } : null);
                    setValue('cve_puesto', '', reset3);
                  }}
                  withAsterisk
                  disabled={!n3}
                  nothingFoundMessage={
                    searching ? (companies.isLoading ? t('common:loading') : t('auth:no_results')) : t('auth:register.company_hint')
                  }
                  error={errors.n4?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="cve_puesto"
              render={({ field }) => (
                <Select
                  label={t('auth:register.position')}
                  data={positionData}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  withAsterisk
                  searchable
                  disabled={!n4 || positions.isLoading}
                  nothingFoundMessage={t('auth:no_results')}
                  error={errors.cve_puesto?.message}
                />
              )}
            />
          </SimpleGrid>

          <Text fw={600} size="sm">
            {t('auth:register.personal_section')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('auth:register.name')}
              autoComplete="name"
              withAsterisk
              error={errors.nombre?.message}
              {...register('nombre')}
            />
            <TextInput
              label={t('auth:register.email')}
              type="email"
              autoComplete="email"
              withAsterisk
              error={errors.correo?.message}
              {...register('correo')}
            />
            <TextInput
              label={t('auth:register.curp')}
              maxLength={18}
              withAsterisk
              styles={{ input: { textTransform: 'uppercase' } }}
              error={errors.curp?.message}
              {...register('curp')}
            />
            <TextInput
              label={t('auth:register.rfc')}
              maxLength={13}
              withAsterisk
              styles={{ input: { textTransform: 'uppercase' } }}
              error={errors.rfc?.message}
              {...register('rfc')}
            />
            <TextInput
              label={t('auth:register.phone')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              withAsterisk
              error={errors.telefono?.message}
              {...register('telefono')}
            />
            <TextInput
              label={t('auth:register.birth_date')}
              type="date"
              max={format(new Date(), 'yyyy-MM-dd')}
              withAsterisk
              error={errors.fecha_nacimiento?.message}
              {...register('fecha_nacimiento')}
            />
            <Controller
              control={control}
              name="genero"
              render={({ field }) => (
                <Radio.Group
                  label={t('auth:register.gender')}
                  value={field.value || ''}
                  onChange={field.onChange}
                  withAsterisk
                  error={errors.genero?.message}
                >
                  <Group mt={6}>
                    <Radio value="H" label={t('auth:register.gender_h')} />
                    <Radio value="M" label={t('auth:register.gender_m')} />
                  </Group>
                </Radio.Group>
              )}
            />
            <Controller
              control={control}
              name="estado"
              render={({ field }) => (
                <Select
                  label={t('auth:register.state')}
                  data={(states.data ?? []).map((s) => ({ value: String(s.cve_estado), label: s.estado }))}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  searchable
                  withAsterisk
                  disabled={states.isLoading}
                  nothingFoundMessage={t('auth:no_results')}
                  error={errors.estado?.message}
                />
              )}
            />
          </SimpleGrid>
          <Group justify="space-between" mt="sm">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            {isValid && puesto ? (
              <Button type="submit" loading={isSubmitting}>
                {t('auth:register.submit')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed" role="status">
                {t('auth:register.complete_hint')}
              </Text>
            )}
          </Group>
        </Stack>
      </form>
      {videoLink && (
        <VideoTutorialModal
          opened={videoOpened}
          onClose={video.close}
          link={videoLink}
          title={cia?.register_modal_video_tutorial_text}
        />
      )}
    </Modal>
  );
}
