import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/errors';
import { useTrial } from '../api/get-trial';
import { trialDaysLeft } from './trial-days';
import { UpgradeModal } from './upgrade-modal';

/** The 30-day trial banner with the upgrade request (spec §4, §8). */
export function TrialBanner({ email }: { email?: string | null }) {
  const { t } = useTranslation(['trial', 'errors']);
  const { data, error } = useTrial();
  const [opened, modal] = useDisclosure(false);
  // The request dialog mounts when first opened (and stays, for its closing transition).
  const [wanted, setWanted] = useState(false);
  if (opened && !wanted) setWanted(true);
  const failed = !!error && !(error instanceof ApiError && (error.status === 401 || error.status === 409));
  const failureMessage = t('trial:check_error');
  const failureTitle = t('errors:ui.ups');
  useEffect(() => {
    if (failed) notifications.show({ id: 'trial-check', color: 'red', title: failureTitle, message: failureMessage });
  }, [failed, failureMessage, failureTitle]);

  const days = trialDaysLeft(data);
  if (days === null) return null;
  return (
    <>
      <Paper radius={0} px="lg" py="xs" bg="yellow.0" style={{ borderBottom: '1px solid var(--mantine-color-yellow-3)' }} role="region" aria-label={t('trial:label')}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="yellow" variant="light" radius="xl">
              <IconHourglassHigh size={18} aria-hidden />
            </ThemeIcon>
            <Text size="sm" fw={500}>
              {t('trial:days_left', { count: days })}
            </Text>
          </Group>
          <Button size="xs" color="yellow.8" onClick={modal.open}>
            {t('trial:upgrade.open')}
          </Button>
        </Group>
      </Paper>
      {wanted && <UpgradeModal opened={opened} onClose={modal.close} defaultEmail={email ?? ''} />}
    </>
  );
}
