import { ActionIcon, Stack, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeferredPopover } from '@/components/deferred-popover';
import { useTooltips } from '@/lib/company/get-tooltips';
import { isActiveTooltip, localizedTooltip } from '@/lib/company/types';

/** Contextual help of a screen: the help text whose `clave` matches, in the current language. */
export function HelpButton({ clave }: { clave: string }) {
  const { t, i18n } = useTranslation('shell');
  const { data } = useTooltips();
  const tooltip = data?.find((item) => item.clave === clave && isActiveTooltip(item));
  if (!tooltip) return null;
  const { titulo, contenido } = localizedTooltip(tooltip, i18n.resolvedLanguage ?? i18n.language);
  return (
    <DeferredPopover
      width={340}
      position="bottom-start"
      shadow="md"
      withArrow
      target={
        <ActionIcon variant="subtle" radius="xl" aria-label={t('help.label')}>
          <IconHelpCircle size={20} />
        </ActionIcon>
      }
    >
      {() => (
        <Stack gap={6}>
          <Text fw={700} size="sm">
            {titulo}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {contenido}
          </Text>
        </Stack>
      )}
    </DeferredPopover>
  );
}
