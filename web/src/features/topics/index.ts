export { TopicsScreen } from './components/topics-screen';
export { PlantTopicsScreen } from './components/plant-topics-screen';
export { TopicExamContext, type TopicExamRenderer } from './components/exam-slot';
export { TopicScormContext, type TopicScormRenderer } from './components/scorm-slot';
