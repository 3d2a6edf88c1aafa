import { TopicExamContext, TopicsScreen, type TopicExamRenderer } from '@/features/topics';
import { RequireSection } from '../require-section';
import { LazyTopicExamPanel } from './exam-slots';
import { loadNamespaces } from './route-namespaces';

export async function loader() {
  await loadNamespaces('topics', 'exams');
  return null;
}

const examDefinition: TopicExamRenderer = (cveTema) => <LazyTopicExamPanel cveTema={cveTema} />;

export function Component() {
  return (
    <RequireSection section="catalogos.temas">
      <TopicExamContext value={examDefinition}>
        <TopicsScreen />
      </TopicExamContext>
    </RequireSection>
  );
}
