export { ChatLauncher, type ChatLauncherProps } from './components/chat-launcher';
