// Mantine styles every routed screen may use beyond Login's (base-styles.ts): dialogs,
// toasts, popovers and the common small components. Loaded with the router.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/AspectRatio.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/notifications/styles.css';
