// Mantine's Select with the styles of its dropdown, as one lazily loaded module.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import { Select, type SelectProps } from '@mantine/core';
import type { ComponentType } from 'react';

// Lazy components lose generics: this one is the string-valued Select DeferredSelect stands for.
export default Select as ComponentType<SelectProps>;
