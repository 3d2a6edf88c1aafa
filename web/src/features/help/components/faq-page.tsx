import { Accordion, Alert, Box, Button, Container, Group, List, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import '@mantine/core/styles/Accordion.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageMenu } from '@/components/language-menu/language-menu';
import { EmptyState } from '@/components/states/empty-state';
import { useSession } from '@/lib/auth/session';
import { useTooltips } from '@/lib/company/get-tooltips';
import { isActiveTooltip, localizedTooltip } from '@/lib/company/types';

const REQUIREMENTS = ['browser', 'javascript', 'connection', 'screen', 'popups'] as const;

function normalize(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** /FAQ: the company's help texts as questions and answers, in the current language. */
export function FaqPage() {
  const { t, i18n } = useTranslation(['help', 'common']);
  const { authenticated } = useSession();
  const { data, error, isLoading, mutate } = useTooltips();
  const [query, setQuery] = useState('');
  const language = i18n.resolvedLanguage ?? i18n.language;

  const items = useMemo(() => {
    const list = (data ?? []).filter(isActiveTooltip).map((tip) => ({ id: tip.id_traduccion, ...localizedTooltip(tip, language) }));
    const q = normalize(query.trim());
    return q ? list.filter((item) => normalize(`${item.titulo} ${item.contenido}`).includes(q)) : list;
  }, [data, language, query]);

  const back = authenticated ? '/menu/dashboard' : '/login';
  const { hash } = useLocation();
  // Company links such as /FAQ#requisitos land on their section.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash, data]);

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="md" py="sm">
          <Group justify="space-between">
            <Button component={Link} to={back} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              {authenticated ? t('help:back_home') : t('help:back_login')}
            </Button>
            <LanguageMenu compact />
          </Group>
        </Container>
      </Box>
      <Container size="md" py="xl" component="main">
        <Stack gap="lg">
          <div>
            <Title order={1}>{t('help:title')}</Title>
            <Text c="dimmed">{t('help:subtitle')}</Text>
          </div>
          <TextInput
            label={t('help:search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            type="search"
          />
          {isLoading && (
            <Stack gap="sm" aria-busy>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} height={48} radius="md" />
              ))}
            </Stack>
          )}
          {error !== undefined && !data && (
            <Alert color="red" title={t('help:error')}>
              <Button size="xs" variant="white" color="red" onClick={() => void mutate()}>
                {t('common:actions.retry')}
              </Button>
            </Alert>
          )}
          {data && items.length === 0 && (
            <EmptyState title={query ? t('help:no_matches') : t('help:empty')} />
          )}
          {items.length > 0 && (
            <Accordion variant="separated" radius="md" multiple>
              {items.map((item) => (
                <Accordion.Item key={item.id} value={String(item.id)}>
                  <Accordion.Control>
                    <Text fw={600}>{item.titulo}</Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                      {item.contenido}
                    </Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
          <Paper withBorder radius="md" p="lg" id="requisitos" component="section" aria-labelledby="requisitos-title">
            <Title order={2} size="h4" id="requisitos-title" mb="xs">
              {t('help:requirements.title')}
            </Title>
            <Text size="sm" mb="sm">
              {t('help:requirements.intro')}
            </Text>
            <List spacing="xs" size="sm">
              {REQUIREMENTS.map((item) => (
                <List.Item key={item}>{t(`help:requirements.items.${item}`)}</List.Item>
              ))}
            </List>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
