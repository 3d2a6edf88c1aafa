import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '@/lib/alerts';
import { ApiError } from '@/lib/api/errors';
import { postUpgradeRequest } from '../api/request-upgrade';
import { UPGRADE_EMAIL_PATTERN } from './trial-days';

/** Upgrade request: a contact e-mail, sent to the provider. */
export function UpgradeModal({ opened, onClose, defaultEmail }: { opened: boolean; onClose: () => void; defaultEmail?: string }) {
  const { t } = useTranslation(['trial', 'common', 'errors']);
  const [email, setEmail] = useState(defaultEmail ?? '');
  const [busy, setBusy] = useState(false);
  const valid = UPGRADE_EMAIL_PATTERN.test(email.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      const answer = await postUpgradeRequest(email.trim());
      if ((answer?.res ?? answer?.resp) !== 'Excelente') throw new Error('not ok');
      onClose();
      await showAlert({ title: t('common:success'), message: t('trial:upgrade.success'), tone: 'success' });
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 409))) {
        await showAlert({ title: t('errors:ui.ups'), message: t('trial:upgrade.error') });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('trial:upgrade.title')} size="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('trial:upgrade.text')}
          </Text>
          <TextInput
            label={t('trial:upgrade.email')}
            type="email"
            autoComplete="email"
            leftSection={<IconMail size={16} aria-hidden />}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            withAsterisk
            data-autofocus
            error={email.length > 0 && !valid ? t('trial:upgrade.email_invalid') : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={!valid} loading={busy}>
              {t('common:actions.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
