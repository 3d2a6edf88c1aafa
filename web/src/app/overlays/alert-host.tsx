// The blocking dialog and its styles, loaded the first time a dialog is queued.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/List.css';
import { AlertHost } from '@/components/alert-host/alert-host';

export default AlertHost;
