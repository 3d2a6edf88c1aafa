// The language menu with its dropdown's styles, as one lazily loaded module.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { useEffect, useRef, type ComponentProps } from 'react';
import { LanguageMenu } from './language-menu';

/** The real menu; takes over focus, and opens, when the stand-in had them. */
export default function LoadedLanguageMenu({
  focus,
  open,
  ...props
}: ComponentProps<typeof LanguageMenu> & { focus: boolean; open: boolean }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const button = ref.current?.querySelector('button');
    if (!button) return;
    if (focus) button.focus();
    if (open) button.click();
    // Only on arrival: later focus and clicks are the menu's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <span ref={ref} style={{ display: 'contents' }}>
      <LanguageMenu {...props} />
    </span>
  );
}
