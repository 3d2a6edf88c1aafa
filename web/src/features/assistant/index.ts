export { AssistantLauncher, type AssistantLauncherProps } from './components/assistant-launcher';
