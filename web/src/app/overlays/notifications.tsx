// Mantine's toast container and its styles, loaded the first time a toast is shown.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export default Notifications;
