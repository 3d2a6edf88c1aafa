import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconSettings } from '@tabler/icons-react';
import type { HomeSectionItem } from '@/lib/company/types';

export interface HomeSectionProps {
  id: string;
  title: string;
  items: HomeSectionItem[];
  variant: 'configuration' | 'advantages';
}

/** One of the login page's company sections: a titled grid of {titulo, subtitulo, contenido}. */
export function HomeSection({ id, title, items, variant }: HomeSectionProps) {
  const Icon = variant === 'configuration' ? IconSettings : IconCircleCheck;
  return (
    <section aria-labelledby={id}>
      <Container size="lg" py={48}>
        <Title order={2} id={id} ta="center" mb="xl">
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: items.length >= 3 ? 3 : items.length }} spacing="lg">
          {items.map((item, index) => (
            <Card key={`${item.titulo}-${index}`} withBorder radius="lg" padding="lg" shadow="xs">
              <Stack gap="xs">
                <ThemeIcon size={40} radius="md" variant="light">
                  <Icon size={22} aria-hidden />
                </ThemeIcon>
                <Title order={3} size="h4">
                  {item.titulo}
                </Title>
                {item.subtitulo && (
                  <Text fw={600} c="brand" size="sm">
                    {item.subtitulo}
                  </Text>
                )}
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {item.contenido}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
