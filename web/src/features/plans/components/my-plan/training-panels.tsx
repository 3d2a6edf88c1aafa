import { SimpleGrid, Skeleton } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/states/empty-state';
import { ListError } from '@/components/states/list-states';
import { usePlannedTopics } from '../../api/plan-pending';
import { BlocksPanel } from './blocks-panel';
import { TopicCard } from './topic-card';

/**
 * The dashboard's "Capacitación pendiente" (spec §2): the pending topics of one's own plan,
 * each with its picture, name, Obligatorio / Opcional and the course buttons of the plan
 * screen (spec §5). Under the plan's exam and SCORM slots, as the plan screen.
 */
export function PendingTraining({ cveEmpleado }: { cveEmpleado: number }) {
  const { t } = useTranslation('plans');
  const list = usePlannedTopics(cveEmpleado, 'pendientes');
  if (list.error !== undefined && !list.data) {
    return <ListError title={t('plans:load_error')} error={list.error} onRetry={() => void list.mutate()} />;
  }
  if (!list.data) return <TopicCardsSkeleton />;
  if (list.data.temas.length === 0) {
    return <EmptyState icon={<IconChecklist size={26} aria-hidden />} title={t('plans:empty.pendientes')} />;
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-busy={list.isValidating}>
      {list.data.temas.map((topic) => (
        <TopicCard key={topic.cve_tema} topic={topic} own withImage />
      ))}
    </SimpleGrid>
  );
}

/** Placeholder cards of the pending topics' shape (picture, name, badges, buttons). */
function TopicCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-busy="true" data-testid="pending-skeleton">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={230} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/**
 * The dashboard's "Capacitación por bloques" (spec §2): each block's name, type and progress,
 * and its topics (Acreditado / Pendiente) in a modal; 'Sin bloques' without any.
 */
export function BlockTraining({ cveEmpleado }: { cveEmpleado: number }) {
  const [openBlock, setOpenBlock] = useState<number | null>(null);
  return <BlocksPanel cveEmpleado={cveEmpleado} buscar="" openBlock={openBlock} onOpenBlock={setOpenBlock} />;
}
