import { List, ThemeIcon, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { checkPassword } from '@/lib/password-rules';

export interface PasswordChecklistProps {
  password: string;
  repeat: string;
  employeeNumber?: string | number | null;
}

/** Live list of the spec §5 password rules, each with a check or an alert icon. */
export function PasswordChecklist({ password, repeat, employeeNumber }: PasswordChecklistProps) {
  const { t } = useTranslation('common');
  const checks = checkPassword(password, repeat, employeeNumber);
  return (
    <List spacing={4} size="sm" center aria-label={t('password.rules_title')} aria-live="polite">
      {checks.map(({ rule, ok }) => (
        <List.Item
          key={rule}
          data-rule={rule}
          data-ok={ok}
          icon={
            <ThemeIcon color={ok ? 'teal' : 'orange'} size={20} radius="xl" variant={ok ? 'filled' : 'light'}>
              {ok ? (
                <IconCheck size={14} aria-label={t('password.rule_ok')} />
              ) : (
                <IconAlertCircle size={14} aria-label={t('password.rule_pending')} />
              )}
            </ThemeIcon>
          }
        >
          <Text size="sm" c={ok ? undefined : 'dimmed'}>
            {t(`password.rules.${rule}`, { id: employeeNumber ?? '' })}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
