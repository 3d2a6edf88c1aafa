import { ActionIcon, Anchor, AspectRatio, Box, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconExternalLink, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNews, type Noticia } from '../api/news';

/** How long a news item stays before the next one (spec §2: the header's slider). */
export const NEWS_ROTATION_MS = 6000;

/**
 * The slider's shape: the image (a 3:1 banner) beside its text where there is room, as high
 * as the greeting next to it, and above it on a phone. It keeps its size from item to item.
 */
const SLIDER_STYLE = { flex: '1 1 480px', maxWidth: 640, minWidth: 0, display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-md)' } as const;
const IMAGE_STYLE = { flex: '1 1 260px', minWidth: 0 } as const;
const TEXT_STYLE = { flex: '1 1 200px', minWidth: 0 } as const;

/** The place the slider takes while its news load, so that the header does not grow later. */
function NewsPlaceholder() {
  return (
    <div style={SLIDER_STYLE} aria-hidden data-testid="news-slider-loading">
      <Box style={IMAGE_STYLE}>
        <AspectRatio ratio={3}>
          <Skeleton radius="md" />
        </AspectRatio>
      </Box>
      <Stack gap={8} style={TEXT_STYLE}>
        <Skeleton height={18} width="70%" />
        <Skeleton height={34} />
        <Skeleton height={28} />
      </Stack>
    </div>
  );
}

/**
 * The header's news slider (spec §2, §3): image, title, short description and 'Leer más'
 * when the item has a link. It moves on every six seconds, except while pointed at or
 * focused, after its pause button, or for whoever prefers reduced motion. Nothing at all
 * when there is no news (or the request fails). `reserve`: keep its place while it loads
 * (the company's news are known to be on).
 */
export function NewsSlider({ reserve = true }: { reserve?: boolean }) {
  const { data, isLoading } = useNews(true);
  if (isLoading) return reserve ? <NewsPlaceholder /> : null;
  if (!data || data.length === 0) return null;
  return <NewsCarousel items={data} />;
}

function NewsCarousel({ items }: { items: Noticia[] }) {
  const { t } = useTranslation('dashboard');
  const reducedMotion = useReducedMotion();
  const [position, setPosition] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const total = items.length;
  const index = position % total;
  const item = items[index] as Noticia;
  const several = total > 1;
  const rotating = several && !reducedMotion && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const id = setInterval(() => setPosition((p) => (p + 1) % total), NEWS_ROTATION_MS);
    return () => clearInterval(id);
  }, [rotating, total]);

  const go = (step: number) => setPosition((index + step + total) % total);
  const leave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <Box
      component="section"
      aria-roledescription={t('news.carousel')}
      aria-label={t('news.title')}
      data-testid="news-slider"
      style={SLIDER_STYLE}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leave}
    >
      <Box style={IMAGE_STYLE}>
        <AspectRatio ratio={3}>
          {/* The title is the text next to it: the image adds nothing to read. */}
          <Image src={item.imagen} alt="" radius="md" fit="cover" />
        </AspectRatio>
      </Box>
      <Stack gap={4} justify="space-between" style={TEXT_STYLE}>
        <Stack
          gap={4}
          role="group"
          aria-roledescription={t('news.item')}
          aria-label={t('news.position', { n: index + 1, total })}
          // While it moves on by itself, announcing every change would interrupt a screen reader.
          aria-live={rotating ? 'off' : 'polite'}
          data-testid="news-item"
        >
          <Text fw={700} lineClamp={1} title={item.titulo}>
            {item.titulo}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2} mih="2.6em" style={{ lineHeight: 1.3 }}>
            {item.descripcion_corta}
          </Text>
        </Stack>
        <Group justify="space-between" gap="xs" wrap="nowrap" mih={28}>
          {item.enlace ? (
            <Anchor
              href={item.enlace}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              fw={600}
              // Starts with the visible words, then says which news and that a tab opens.
              aria-label={t('news.read_more_label', { title: item.titulo })}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
            >
              {t('news.read_more')}
              <IconExternalLink size={14} aria-hidden />
            </Anchor>
          ) : (
            <span />
          )}
          {several && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" color="gray" size="md" aria-label={t('news.previous')} onClick={() => go(-1)}>
                <IconChevronLeft size={18} aria-hidden />
              </ActionIcon>
              <Text size="xs" c="dimmed" aria-hidden miw={32} ta="center">
                {index + 1} / {total}
              </Text>
              <ActionIcon variant="subtle" color="gray" size="md" aria-label={t('news.next')} onClick={() => go(1)}>
                <IconChevronRight size={18} aria-hidden />
              </ActionIcon>
              {!reducedMotion && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="md"
                  aria-label={stopped ? t('news.play') : t('news.pause')}
                  onClick={() => setStopped((s) => !s)}
                >
                  {stopped ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />}
                </ActionIcon>
              )}
            </Group>
          )}
        </Group>
      </Stack>
    </Box>
  );
}
