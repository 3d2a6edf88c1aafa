export { TopicsScreen } from './components/topics-screen';
export { PlantTopicsScreen } from './components/plant-topics-screen';
