import { Badge, Button, Group, List, Modal, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/List.css';
import { IconCertificate, IconListCheck, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { usePlanBlocks, type PlanBlock } from '@/lib/api/shared/plan-summary';
import { openBlockCertificate } from '@/lib/certificates/certificate-forms';

interface BlocksPanelProps {
  cveEmpleado: number;
  buscar: string;
  /** The block whose topics are open (`?bloque=`). */
  openBlock: number | null;
  onOpenBlock: (id: number | null) => void;
}

/** "Capacitación por bloques": each block's progress and, in a modal, its topics. */
export function BlocksPanel({ cveEmpleado, buscar, openBlock, onOpenBlock }: BlocksPanelProps) {
  const { t } = useTranslation('plans');
  const blocks = usePlanBlocks(cveEmpleado, buscar);
  if (blocks.error !== undefined && !blocks.data) {
    return <ListError title={t('plans:blocks.load_error')} error={blocks.error} onRetry={() => void blocks.mutate()} />;
  }
  if (!blocks.data) return <ListSkeleton rows={2} />;
  if (blocks.data.length === 0) {
    // The spec's empty message, verbatim.
    return <EmptyState icon={<IconStack2 size={26} aria-hidden />} title={t('plans:blocks.empty')} />;
  }
  const open = blocks.data.find((b) => b.id_bloque === openBlock) ?? null;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {blocks.data.map((block) => (
          <BlockCard
            key={block.id_bloque}
            block={block}
            onTopics={() => onOpenBlock(block.id_bloque)}
            onCertificate={() => openBlockCertificate(block.id_bloque, cveEmpleado)}
          />
        ))}
      </SimpleGrid>
      <Modal opened={open !== null} onClose={() => onOpenBlock(null)} title={open?.nombre_bloque ?? ''} centered>
        {open && <BlockTopics block={open} />}
      </Modal>
    </>
  );
}

function BlockCard({ block, onTopics, onCertificate }: { block: PlanBlock; onTopics: () => void; onCertificate: () => void }) {
  const { t } = useTranslation('plans');
  const percent = Math.max(0, Math.min(100, Number(block.porcentaje_avance) || 0));
  const type = block.tipo_bloque ?? block.nombre_tipo_bloque;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={block.nombre_bloque}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {block.nombre_bloque}
            </Text>
            {type && (
              <Text size="xs" c="dimmed">
                {type}
              </Text>
            )}
          </Stack>
          {block.estatus === '1' && (
            <Badge variant="light" color="teal">
              {t('plans:blocks.finished')}
            </Badge>
          )}
        </Group>
        <Progress value={percent} color={percent >= 100 ? 'teal' : 'blue'} aria-label={t('plans:blocks.progress_of', { name: block.nombre_bloque })} />
        <Group justify="space-between" gap="xs">
          <Text size="xs">{t('plans:blocks.progress', { percent })}</Text>
          <Group gap="xs">
            {block.estatus === '1' && (
              <Button size="compact-sm" variant="light" color="teal" leftSection={<IconCertificate size={16} aria-hidden />} onClick={onCertificate}>
                {t('plans:blocks.certificate')}
              </Button>
            )}
            <Button size="compact-sm" variant="light" leftSection={<IconListCheck size={16} aria-hidden />} onClick={onTopics}>
              {t('plans:blocks.topics')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

function BlockTopics({ block }: { block: PlanBlock }) {
  const { t } = useTranslation('plans');
  if (block.temas.length === 0) return <Text size="sm">{t('plans:blocks.no_topics')}</Text>;
  return (
    <List spacing="xs" listStyleType="none" aria-label={t('plans:blocks.topics_of', { name: block.nombre_bloque })}>
      {block.temas.map((topic) => {
        // Spec §4: acreditado '1' is Acreditado, otherwise Pendiente.
        const done = topic.acreditado === '1';
        return (
          <List.Item key={topic.cve_tema}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {topic.nombre}
              </Text>
              {/* Never shrinks: the state reads in full ("ACREDITADO", not "ACREDI…"), the name wraps instead. */}
              <Badge variant="filled" color={done ? 'teal.8' : 'gray.7'} style={{ flexShrink: 0, minWidth: 'max-content' }}>
                {done ? t('plans:states.Acreditado') : t('plans:states.Pendiente')}
              </Badge>
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}
