import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '@/lib/i18n/languages';
import type { LanguageMenu } from './language-menu';

const load = () => import('./language-menu-module');
const LoadedLanguageMenu = lazy(load);

/**
 * The language menu for Login, which must stay small: until someone points at, focuses or
 * presses it, a button looking and named the same stands in, and the menu's code (popover,
 * floating-ui) is not downloaded. Pressing the stand-in opens the menu once it arrives.
 */
export function DeferredLanguageMenu({ color, compact = false }: ComponentProps<typeof LanguageMenu>) {
  const { t, i18n } = useTranslation('common');
  const [wanted, setWanted] = useState<{ focus: boolean; open: boolean } | null>(null);
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const shown = compact ? current.toUpperCase() : t(`language.names.${current}`);
  // Same look and accessible name as LanguageMenu's own button (language-menu.test.tsx).
  const standIn = (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconLanguage size={18} aria-hidden />}
      aria-label={`${t('language.label')}: ${shown}`}
      aria-haspopup="menu"
      aria-expanded={false}
      style={color ? { color } : undefined}
      onPointerEnter={() => void load()}
      // Swapping the button between press and release would lose the click: a press (or
      // Enter / Space) asks for the menu open, focus alone (Tab) only for the real button.
      onPointerDown={() => setWanted({ focus: true, open: true })}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setWanted({ focus: true, open: true })}
      onFocus={() => setWanted((w) => w ?? { focus: true, open: false })}
    >
      {shown}
    </Button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LoadedLanguageMenu color={color} compact={compact} focus={wanted.focus} open={wanted.open} />
    </Suspense>
  );
}
