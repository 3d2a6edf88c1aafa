import { TextInput, type SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

const load = () => import('./select');
const Select = lazy(load);

/**
 * A Mantine Select whose code (the combobox, popover and floating-ui, ~10 KB) downloads only
 * when someone reaches for it: until then a read-only input with the same label, value and
 * error stands in. Pointing at it starts the download; focusing or clicking it swaps in the
 * real Select, focused and open. Used on Login, which must stay small.
 */
export function DeferredSelect(props: SelectProps) {
  const [active, setActive] = useState(false);
  const selected = props.value ? findLabel(props.data, props.value) : '';
  const standIn = (
    <TextInput
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
      rightSection={<IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      onPointerEnter={() => void load()}
      onFocus={() => setActive(true)}
    />
  );
  if (!active) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Select {...props} autoFocus defaultDropdownOpened />
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
