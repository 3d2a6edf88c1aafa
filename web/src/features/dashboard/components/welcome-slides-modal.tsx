import { Box, Button, Checkbox, Group, Image, Modal, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Progress.css';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/components/forms';
import { hideSlides, type Slide } from '../api/welcome-slides';

export interface WelcomeSlidesModalProps {
  /** The slides to show, in order (at least one). */
  slides: Slide[];
  /** The active profile, as GET lms/slides named it. */
  perfil: string;
  /** Called once the carousel is on screen. */
  onShown: () => void;
}

/** A slide: the image (named by its title) or the title and its text. */
function SlideContent({ slide }: { slide: Slide }) {
  if (slide.tipo === 'imagen') {
    return <Image src={slide.contenido_slide} alt={slide.titulo} radius="md" fit="contain" mah="min(56vh, 440px)" w="100%" />;
  }
  return (
    <Paper bg="var(--mantine-color-gray-0)" radius="md" p={{ base: 'md', sm: 'xl' }} mih={200}>
      <Stack gap="sm">
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {slide.titulo}
        </Title>
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{slide.contenido_slide}</Text>
      </Stack>
    </Paper>
  );
}

/**
 * The welcome carousel (spec §2 modals, §4): one slide at a time with a progress bar, previous
 * and next (or the arrow keys), and 'No volver a mostrar.'; closing with it ticked records
 * every slide shown (POST lms/slides/noMostrarSlides) and says so.
 */
export default function WelcomeSlidesModal({ slides, perfil, onShown }: WelcomeSlidesModalProps) {
  const { t } = useTranslation(['dashboard', 'common']);
  const [opened, setOpened] = useState(true);
  const [index, setIndex] = useState(0);
  const [hide, setHide] = useState(false);
  const total = slides.length;
  const atStart = index === 0;
  const atEnd = index === total - 1;

  useEffect(() => {
    onShown();
  }, [onShown]);

  const go = (to: number) => setIndex(Math.min(total - 1, Math.max(0, to)));

  const remember = async () => {
    try {
      await hideSlides(
        perfil,
        slides.map((s) => s.cve_slide),
      );
      notifications.show({ color: 'teal', title: t('common:success'), message: t('dashboard:welcome.hidden') });
    } catch (error) {
      const reason = failureMessage(error);
      if (reason !== null) notifications.show({ color: 'red', title: t('dashboard:welcome.hide_error'), message: reason });
    }
  };

  const close = () => {
    if (!opened) return;
    setOpened(false);
    if (hide) void remember();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };

  const position = (n: number) => t('dashboard:welcome.position', { n, total });

  return (
    <Modal opened={opened} onClose={close} title={t('dashboard:welcome.title')} size="lg" centered>
      <Stack gap="md" data-testid="welcome-slides" onKeyDown={onKeyDown}>
        <Box component="section" aria-roledescription={t('dashboard:welcome.carousel')} aria-label={t('dashboard:welcome.title')}>
          <div aria-live="polite">
            {slides.map((slide, i) => (
              <Box
                key={slide.cve_slide}
                role="group"
                aria-roledescription={t('dashboard:welcome.slide')}
                aria-label={position(i + 1)}
                hidden={i !== index}
                data-testid="welcome-slide"
              >
                <SlideContent slide={slide} />
              </Box>
            ))}
          </div>
        </Box>
        <Progress.Root
          size="md"
          radius="xl"
          role="progressbar"
          aria-label={t('dashboard:welcome.progress')}
          aria-valuemin={1}
          aria-valuemax={total}
          aria-valuenow={index + 1}
          aria-valuetext={position(index + 1)}
          data-testid="welcome-progress"
        >
          <Progress.Section value={((index + 1) / total) * 100} withAria={false} />
        </Progress.Root>
        {total > 1 && (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            {/* aria-disabled, not disabled: the focused button must keep the focus at either end. */}
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              aria-disabled={atStart || undefined}
              data-disabled={atStart || undefined}
              onClick={() => go(index - 1)}
            >
              {t('dashboard:welcome.previous')}
            </Button>
            <Text size="sm" c="dimmed" aria-hidden>
              {index + 1} / {total}
            </Text>
            <Button
              variant="light"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              aria-disabled={atEnd || undefined}
              data-disabled={atEnd || undefined}
              onClick={() => go(index + 1)}
            >
              {t('dashboard:welcome.next')}
            </Button>
          </Group>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Checkbox label={t('dashboard:welcome.dont_show')} checked={hide} onChange={(event) => setHide(event.currentTarget.checked)} />
          <Button onClick={close}>{t('common:actions.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
