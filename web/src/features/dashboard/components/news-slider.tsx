import { ActionIcon, Anchor, AspectRatio, Box, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconExternalLink, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNews, type Noticia } from '../api/news';

/** How long a news item stays before the next one (spec §2: the header's slider). */
export const NEWS_ROTATION_MS = 6000;

/** The slider's fixed width and shape: it keeps its size from one item to the next. */
const SLIDER_STYLE = { flex: '1 1 300px', maxWidth: 460, minWidth: 0 } as const;

/** The place the slider takes while its news load, so that the header does not grow later. */
function NewsPlaceholder() {
  return (
    <Stack gap={8} style={SLIDER_STYLE} aria-hidden data-testid="news-slider-loading">
      <AspectRatio ratio={3}>
        <Skeleton radius="md" />
      </AspectRatio>
      <Skeleton height={18} width="70%" />
      <Skeleton height={34} />
      <Skeleton height={28} />
    </Stack>
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
      <Stack
        gap={6}
        role="group"
        aria-roledescription={t('news.item')}
        aria-label={t('news.position', { n: index + 1, total })}
        // While it moves on by itself, announcing every change would interrupt a screen reader.
        aria-live={rotating ? 'off' : 'polite'}
        data-testid="news-item"
      >
        <AspectRatio ratio={3}>
          {/* The title is the text next to it: the image adds nothing to read. */}
          <Image src={item.imagen} alt="" radius="md" fit="cover" />
        </AspectRatio>
        <Text fw={700} lineClamp={1} title={item.titulo}>
          {item.titulo}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2} mih="2.6em" style={{ lineHeight: 1.3 }}>
          {item.descripcion_corta}
        </Text>
      </Stack>
      <Group justify="space-between" gap="xs" wrap="nowrap" mt={4} mih={28}>
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
    </Box>
  );
}
