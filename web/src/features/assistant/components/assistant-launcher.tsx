import { ActionIcon } from '@mantine/core';
import { IconMessageCircleQuestion } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './assistant.module.css';

// The panel (conversation, answers, question box) loads when first wanted: the button shows
// on every /menu page, the panel only on demand (pointing at or focusing the button starts it).
const loadDialog = () => import('./assistant-dialog');
const AssistantDialog = lazy(() => loadDialog().then((m) => ({ default: m.AssistantDialog })));
const preloadDialog = () => void loadDialog().catch(() => undefined);

export interface AssistantLauncherProps {
  /** The chat's button is there too: this one sits to its left. */
  besideChat?: boolean;
}

/**
 * The help assistant's floating button (spec §1: the chatbot, when the company's `chatbot` is
 * '1'). It opens the panel; closing it (Escape, ×) brings the focus back here. The panel stays
 * mounted once opened, so the conversation survives closing it.
 */
export function AssistantLauncher({ besideChat = false }: AssistantLauncherProps) {
  const { t } = useTranslation('assistant');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    // After the dialog has let the focus go.
    window.setTimeout(() => button.current?.focus(), 0);
  }, []);

  return (
    <>
      <div className={classes.fab} data-beside-chat={besideChat || undefined}>
        <ActionIcon
          ref={button}
          size={56}
          radius="xl"
          variant="white"
          className={classes.launcher}
          aria-label={t('open')}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
          data-testid="assistant-launcher"
        >
          <IconMessageCircleQuestion size={28} aria-hidden />
        </ActionIcon>
      </div>
      {wanted && (
        <Suspense fallback={null}>
          <AssistantDialog opened={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
