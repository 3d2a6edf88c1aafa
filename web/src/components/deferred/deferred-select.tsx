import { TextInput, type SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

const load = () => import('./select');
const Select = lazy(load);

/** Mantine's chevron size for each input size (Combobox.css), so the stand-in looks the same. */
const CHEVRON_PX: Record<string, number> = { xs: 14, sm: 18, md: 20, lg: 24, xl: 28 };

/**
 * A Mantine Select whose code (the combobox, popover and floating-ui, ~10 KB) downloads, and
 * whose parts mount, only when someone reaches for it: until then a read-only input with the
 * same label, value, size and error stands in (a closed Select still mounts its popover, a
 * portal and a transition). Pointing at it starts the download; focusing it swaps in the
 * real Select, focused; pressing it (or Enter, Space, arrow down) opens the list as well.
 * Used on Login, which must stay small, and for the table pager's and filters' selects.
 */
export function DeferredSelect(props: SelectProps) {
  const [wanted, setWanted] = useState<{ open: boolean } | null>(null);
  const selected = props.value ? findLabel(props.data, props.value) : '';
  const standIn = (
    <TextInput
      id={props.id}
      size={props.size}
      w={props.w}
      miw={props.miw}
      aria-label={props['aria-label']}
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      leftSection={props.leftSection}
      withAsterisk={props.withAsterisk}
      required={props.required}
      disabled={props.disabled}
      error={props.error}
      value={selected}
      readOnly
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      rightSection={
        <IconChevronDown size={CHEVRON_PX[String(props.size ?? 'sm')] ?? 18} color="var(--mantine-color-gray-6)" aria-hidden />
      }
      rightSectionPointerEvents="none"
      onPointerEnter={() => void load()}
      // Swapping the input between press and release would lose the click: a press asks for
      // the list open, focus alone (Tab) only for the real Select.
      onPointerDown={() => setWanted({ open: true })}
      onKeyDown={(e) => ['Enter', ' ', 'ArrowDown'].includes(e.key) && setWanted({ open: true })}
      onFocus={() => setWanted((w) => w ?? { open: false })}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Select {...props} autoFocus defaultDropdownOpened={wanted.open} />
    </Suspense>
  );
}

/** The label shown for `value` (data items are strings, `{ value, label }` or groups). */
function findLabel(data: unknown, value: string): string {
  if (!Array.isArray(data)) return '';
  for (const item of data as unknown[]) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if (item && typeof item === 'object') {
      const entry = item as { value?: unknown; label?: unknown; items?: unknown };
      if (entry.items) {
        const found = findLabel(entry.items, value);
        if (found) return found;
      } else if (String(entry.value) === value) {
        return typeof entry.label === 'string' ? entry.label : value;
      }
    }
  }
  return '';
}
