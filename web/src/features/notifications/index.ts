export { NotificationBell, type NotificationBellProps } from './components/notification-bell';
export { NotificationModalHost, type NotificationModalHostProps } from './components/notification-modal';
export { NotificationsScreen } from './components/notifications-screen';
export { openNotification } from './components/notification-store';
export { usePushSetup } from './components/use-push-setup';
