import { Alert, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';
import type { PickedEmployee } from '../api/employees-table';
import type { Profile } from '../api/get-profiles';

/** How many names the summary lists before "and N more". */
const NAMES_SHOWN = 30;

interface ConfirmStepProps {
  employees: PickedEmployee[];
  profiles: Profile[];
  chosen: number[];
  predeterminado: number | null;
}

/** Step 3: what will change — the users, their new profiles and the default one. */
export function ConfirmStep({ employees, profiles, chosen, predeterminado }: ConfirmStepProps) {
  const { t } = useTranslation('user-profiles');
  const name = (id: number) => profiles.find((p) => p.idperfil === id)?.perfil ?? `#${id}`;
  const shown = employees.slice(0, NAMES_SHOWN);
  const more = employees.length - shown.length;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder radius="md" p="sm">
          <Title order={3} size="h6" mb="xs">
            {t('summary.users', { count: employees.length })}
          </Title>
          <List size="sm" spacing={2} aria-label={t('summary.users_list')}>
            {shown.map((e) => (
              <List.Item key={e.cve_empleado}>{e.nombre_empleado}</List.Item>
            ))}
          </List>
          {more > 0 && (
            <Text size="sm" c="dimmed" mt={4}>
              {t('summary.more', { count: more })}
            </Text>
          )}
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Title order={3} size="h6" mb="xs">
            {t('summary.profiles')}
          </Title>
          <Group gap={6} aria-label={t('summary.profiles')}>
            {chosen.map((id) => (
              <Badge key={id} variant={id === predeterminado ? 'filled' : 'light'} radius="sm">
                {id === predeterminado ? `${name(id)} · ${t('summary.default')}` : name(id)}
              </Badge>
            ))}
          </Group>
          {predeterminado !== null && (
            <Text size="sm" mt="sm">
              {t('summary.default_is', { profile: name(predeterminado) })}
            </Text>
          )}
        </Paper>
      </SimpleGrid>
      <Alert color="orange" variant="light" role="note" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {t('summary.replace_warning')}
      </Alert>
    </Stack>
  );
}
