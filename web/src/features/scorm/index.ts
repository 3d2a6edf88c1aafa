export { TopicScormPanel } from './components/scorm-panel';
export { PlayerModal, type PlayerModalProps } from './components/player-modal';
export { ProgressScreen } from './components/progress-screen';
