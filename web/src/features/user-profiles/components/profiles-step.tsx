import { Alert, Button, Checkbox, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { useTranslation } from 'react-i18next';
import type { SWRResponse } from 'swr';
import { errorMessage } from '@/lib/api/client';
import type { Profile } from '../api/get-profiles';

interface ProfilesStepProps {
  query: SWRResponse<Profile[]>;
  chosen: number[];
  predeterminado: number | null;
  onChosen: (profiles: number[]) => void;
  onPredeterminado: (profile: number) => void;
}

/** Step 2: the profiles the users will have (checkboxes) and, among them, the default one (radio). */
export function ProfilesStep({ query, chosen, predeterminado, onChosen, onPredeterminado }: ProfilesStepProps) {
  const { t } = useTranslation(['user-profiles', 'common']);
  const { data, error, isLoading, mutate } = query;

  if (error !== undefined && !data)
    return (
      <Alert color="red" variant="light" role="alert" title={t('user-profiles:profiles_error')}>
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" mt="sm" variant="white" color="red" onClick={() => void mutate()}>
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  if (isLoading || !data)
    return (
      <Stack gap="xs" aria-busy aria-label={t('common:loading')}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={24} width="60%" />
        ))}
      </Stack>
    );

  const picked = data.filter((p) => chosen.includes(p.idperfil));
  return (
    <Stack gap="lg">
      <Checkbox.Group
        label={t('user-profiles:profiles_label')}
        description={t('user-profiles:profiles_hint')}
        value={chosen.map(String)}
        onChange={(values) => onChosen(data.filter((p) => values.includes(String(p.idperfil))).map((p) => p.idperfil))}
        withAsterisk
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" mt="xs">
          {data.map((p) => (
            <Checkbox key={p.idperfil} value={String(p.idperfil)} label={p.perfil} description={p.descripcion || undefined} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Radio.Group
        label={t('user-profiles:default_label')}
        description={picked.length === 0 ? t('user-profiles:default_hint_empty') : t('user-profiles:default_hint')}
        value={predeterminado === null ? null : String(predeterminado)}
        onChange={(value) => onPredeterminado(Number(value))}
        withAsterisk
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" mt="xs">
          {picked.map((p) => (
            <Radio key={p.idperfil} value={String(p.idperfil)} label={p.perfil} />
          ))}
        </SimpleGrid>
      </Radio.Group>
    </Stack>
  );
}
