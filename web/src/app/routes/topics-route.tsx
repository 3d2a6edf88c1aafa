import { TopicExamContext, TopicScormContext, TopicsScreen, type TopicExamRenderer, type TopicScormRenderer } from '@/features/topics';
import { RequireSection } from '../require-section';
import { LazyTopicExamPanel } from './exam-slots';
import { loadNamespaces } from './route-namespaces';
import { LazyTopicScormPanel } from './scorm-slots';

export async function loader() {
  await loadNamespaces('topics', 'exams', 'scorm');
  return null;
}

const examDefinition: TopicExamRenderer = (cveTema) => <LazyTopicExamPanel cveTema={cveTema} />;
const scormMaterial: TopicScormRenderer = (cveTema) => <LazyTopicScormPanel cveTema={cveTema} />;

export function Component() {
  return (
    <RequireSection section="catalogos.temas">
      <TopicExamContext value={examDefinition}>
        <TopicScormContext value={scormMaterial}>
          <TopicsScreen />
        </TopicScormContext>
      </TopicExamContext>
    </RequireSection>
  );
}
