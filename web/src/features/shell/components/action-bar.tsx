import { ActionIcon, Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '@/components/deferred-popover';
import { usePageChromeShape } from '@/components/page-chrome';

interface BarButton {
  id: string;
  label: string;
  icon: ReactNode;
  run: () => unknown;
  disabled?: boolean;
  primary?: boolean;
}

/** The screen's action buttons (update, new, custom, export to Excel, print). */
export function ActionBar({ iconsOnly }: { iconsOnly?: boolean }) {
  const { t } = useTranslation('common');
  const { shape, handlers, customIcons } = usePageChromeShape();
  const [busy, setBusy] = useState<string | null>(null);

  const buttons: BarButton[] = [];
  if (shape.update)
    buttons.push({ id: 'update', label: t('actions.update'), icon: <IconRefresh size={16} />, run: () => handlers.current.onUpdate?.() });
  if (shape.create)
    buttons.push({
      id: 'new',
      label: shape.newLabel ?? t('actions.new'),
      icon: <IconPlus size={16} />,
      run: () => handlers.current.onNew?.(),
      primary: true,
    });
  for (const action of shape.custom)
    buttons.push({
      id: `custom:${action.id}`,
      label: action.label,
      icon: customIcons.current.get(action.id) ?? null,
      run: () => handlers.current.custom?.find((c) => c.id === action.id)?.onClick(),
      disabled: action.disabled,
    });
  if (shape.exportExcel)
    buttons.push({
      id: 'excel',
      label: t('actions.export_excel'),
      icon: <IconFileSpreadsheet size={16} />,
      run: () => handlers.current.onExportExcel?.(),
    });
  if (shape.print)
    buttons.push({ id: 'print', label: t('actions.print'), icon: <IconPrinter size={16} />, run: () => handlers.current.onPrint?.() });

  if (buttons.length === 0) return null;

  const run = async (button: BarButton) => {
    setBusy(button.id);
    try {
      await button.run();
    } catch {
      // Handlers report their own failures.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap={6} wrap="wrap" role="toolbar" aria-label={t('table.actions')}>
      {buttons.map((button) =>
        iconsOnly && button.icon ? (
          <DeferredTooltip key={button.id} label={button.label} withinPortal>
            <ActionIcon
              size="lg"
              variant={button.primary ? 'filled' : 'default'}
              aria-label={button.label}
              loading={busy === button.id}
              disabled={button.disabled}
              onClick={() => void run(button)}
            >
              {button.icon}
            </ActionIcon>
          </DeferredTooltip>
        ) : (
          <Button
            key={button.id}
            size="sm"
            variant={button.primary ? 'filled' : 'default'}
            leftSection={button.icon}
            loading={busy === button.id}
            disabled={button.disabled}
            onClick={() => void run(button)}
          >
            {button.label}
          </Button>
        ),
      )}
    </Group>
  );
}
