import { lazy, Suspense } from 'react';
import { ListSkeleton } from '@/components/states/list-states';
import type { PlayerModalProps } from '@/features/scorm';

// The scorm feature's pieces load when first shown (a topic's 'Material SCORM' tab, the
// plan's SCORM button).
const TopicScormPanel = lazy(() => import('@/features/scorm/components/scorm-panel').then((m) => ({ default: m.TopicScormPanel })));
const PlayerModal = lazy(() => import('@/features/scorm/components/player-modal').then((m) => ({ default: m.PlayerModal })));

/** A topic's SCORM material (package, upload, attempts). */
export function LazyTopicScormPanel({ cveTema }: { cveTema: number }) {
  return (
    <Suspense fallback={<ListSkeleton rows={3} />}>
      <TopicScormPanel cveTema={cveTema} />
    </Suspense>
  );
}

/** The SCORM player of the participant's plan. */
export function LazyPlayerModal(props: PlayerModalProps) {
  return (
    <Suspense fallback={null}>
      <PlayerModal {...props} />
    </Suspense>
  );
}
