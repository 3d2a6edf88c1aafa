import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useSettings } from '../api/get-settings';
import { SettingsForm } from './settings-form';

/**
 * /menu/configuracion: the company data, the courses' meeting services and the site's colours
 * (configuracion.sitio). The form opens with what the server holds right now.
 */
export function SettingsScreen() {
  const { t } = useTranslation('settings');
  const { data, error, isLoading, mutate } = useSettings();
  if (error !== undefined && !data) return <ListError title={t('load_error')} error={error} onRetry={() => void mutate()} />;
  if (isLoading || !data)
    return (
      <Stack role="status" aria-label={t('loading')}>
        <ListSkeleton rows={4} />
      </Stack>
    );
  return <SettingsForm settings={data} onSaved={(saved) => mutate(saved, { revalidate: false })} />;
}
