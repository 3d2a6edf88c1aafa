import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconId, IconMail } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '@/lib/alerts';
import { showErrorDialog } from '@/lib/api/client';
import { postRecoverPassword } from '../api/recover-password';

/** Spec §5: e-mail pattern, and 1–100 letters or digits (no hyphen or underscore). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const RECOVERY_ID_PATTERN = /^[\p{L}\p{N}]{1,100}$/u;

interface RecoverValues {
  email: string;
  curp: string;
}

/** Password recovery: e-mail plus CURP or company ID. */
export function RecoverForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const [values, setValues] = useState<RecoverValues>({ email: '', curp: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof RecoverValues, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const check = (key: keyof RecoverValues, value: string): string | undefined => {
    const v = value.trim();
    if (key === 'email') return EMAIL_PATTERN.test(v) ? undefined : t('auth:recover.email_invalid');
    return RECOVERY_ID_PATTERN.test(v) ? undefined : t('auth:recover.curp_invalid');
  };
  const set = (key: keyof RecoverValues, value: string) => {
    setValues((s) => ({ ...s, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: check(key, value) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { email: check('email', values.email), curp: check('curp', values.curp) };
    setErrors(found);
    if (found.email || found.curp || isSubmitting) return;
    setSubmitting(true);
    try {
      await submit(values);
    } finally {
      setSubmitting(false);
    }
  };

  const submit = async (values: RecoverValues) => {
    try {
      await postRecoverPassword(values.email.trim(), values.curp.trim());
      await showAlert({ title: t('auth:recover.sent_title'), message: t('auth:recover.sent'), tone: 'success' });
      onBack();
    } catch (error) {
      await showErrorDialog(error);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('auth:recover.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('auth:recover.text')}
        </Text>
        <TextInput
          label={t('auth:recover.email')}
          type="email"
          autoComplete="email"
          leftSection={<IconMail size={16} aria-hidden />}
          withAsterisk
          error={errors.email}
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          onBlur={() => values.email && setErrors((e) => ({ ...e, email: check('email', values.email) }))}
        />
        <TextInput
          label={t('auth:recover.curp')}
          description={t('auth:recover.curp_hint')}
          leftSection={<IconId size={16} aria-hidden />}
          maxLength={100}
          withAsterisk
          error={errors.curp}
          value={values.curp}
          onChange={(e) => set('curp', e.currentTarget.value)}
          onBlur={() => values.curp && setErrors((e) => ({ ...e, curp: check('curp', values.curp) }))}
        />
        <Group justify="space-between" mt="xs">
          <Button variant="default" onClick={onBack}>
            {t('common:actions.back')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('common:actions.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
