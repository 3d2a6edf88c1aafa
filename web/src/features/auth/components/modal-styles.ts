// Styles of Login's dialogs (registration, requirements, video), loaded with the dialog's
// code the first time one opens rather than with the page.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/AspectRatio.css';
import '@mantine/core/styles/List.css';
