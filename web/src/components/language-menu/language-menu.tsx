import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '@/components/deferred-popover';
import { changeLanguage } from '@/lib/i18n';
import { LANGUAGES, toLanguage } from '@/lib/i18n/languages';

/** es / en / pt switch; the choice is remembered in localStorage. */
export function LanguageMenu({ color, compact = false }: { color?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const shown = compact ? current.toUpperCase() : t(`language.names.${current}`);
  return (
    <DeferredMenu
      position="bottom-end"
      withinPortal
      shadow="md"
      target={
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconLanguage size={18} aria-hidden />}
          // The name starts with the visible text's purpose and contains the text itself
          // (WCAG 2.5.3, label in name), so voice control users can say what they see.
          aria-label={`${t('language.label')}: ${shown}`}
          style={color ? { color } : undefined}
        >
          {shown}
        </Button>
      }
    >
      {() => (
        <>
          <Menu.Label>{t('language.label')}</Menu.Label>
          {LANGUAGES.map((lng) => (
            <Menu.Item
              key={lng}
              lang={lng}
              onClick={() => void changeLanguage(lng)}
              rightSection={lng === current ? <IconCheck size={14} aria-hidden /> : null}
              aria-current={lng === current ? 'true' : undefined}
            >
              {t(`language.names.${lng}`)}
            </Menu.Item>
          ))}
        </>
      )}
    </DeferredMenu>
  );
}
