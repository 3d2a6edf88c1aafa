import { Badge, Drawer, Group, Image, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Tabs.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconClipboardList, IconFileDescription, IconListCheck, IconPackage } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/badges';
import { AverageRating } from '@/components/rating';
import { ListError } from '@/components/states/list-states';
import { useTopic } from '../api/get-topic';
import { ActivitiesPanel } from './activities-panel';
import { useTopicExam } from './exam-slot';
import { QuestionBank } from './question-bank';
import { useTopicScorm } from './scorm-slot';
import { TopicForm } from './topic-form';
import type { DetailTab } from './topic-tabs';

export interface TopicDrawerProps {
  /** 'nuevo' opens the create form, a key the topic's detail, null nothing. */
  target: 'nuevo' | number | null;
  tab: DetailTab;
  onTabChange: (tab: DetailTab) => void;
  onClose: () => void;
  onCreated: (cve: number) => void;
  /** Something the topics table shows changed (name, counts…). */
  onChanged: () => void;
}

/** 'Nuevo tema' (crear_tema) and the topic's detail (ver_tema) with Datos / Preguntas / Actividades / Material SCORM. */
export function TopicDrawer({ target, tab, onTabChange, onClose, onCreated, onChanged }: TopicDrawerProps) {
  const { t } = useTranslation('topics');
  const narrow = useMediaQuery('(max-width: 48em)');
  const topic = useTopic(typeof target === 'number' ? target : null);
  const examDefinition = useTopicExam();
  const scormMaterial = useTopicScorm();
  const title =
    target === 'nuevo' ? t('form.new_title') : (topic.data?.nombre_tema ?? t('detail.title'));

  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={<Text fw={700}>{title}</Text>}
      closeButtonProps={{ 'aria-label': t('detail.close') }}
    >
      {target === 'nuevo' && <TopicForm topic={null} onSaved={(cve) => onCreated(cve)} onCancel={onClose} />}
      {typeof target === 'number' && (
        <>
          {topic.isLoading && (
            <Stack gap="sm" aria-busy>
              <Skeleton height={96} radius="md" />
              <Skeleton height={36} />
              <Skeleton height={240} />
            </Stack>
          )}
          {topic.error !== undefined && !topic.data && (
            <ListError title={t('detail.load_error')} error={topic.error} onRetry={() => void topic.mutate()} />
          )}
          {topic.data && (
            <Stack gap="md">
              <Group gap="md" wrap="nowrap" align="center">
                {topic.data.imagen_url && (
                  <Image src={topic.data.imagen_url} alt={t('detail.image_alt', { name: topic.data.nombre_tema })} w={112} h={70} radius="md" fit="cover" />
                )}
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Title order={2} size="h4" style={{ wordBreak: 'break-word' }}>
                    {topic.data.nombre_tema}
                  </Title>
                  <Group gap={6}>
                    <Badge variant="outline">{topic.data.abreviatura}</Badge>
                    {topic.data.modalidad && (
                      <Badge variant="light">{t(`modalities.${topic.data.modalidad}`, { defaultValue: topic.data.modalidad })}</Badge>
                    )}
                    <ActiveBadge value={topic.data.activo} />
                  </Group>
                  <AverageRating rating={topic.data.rating} votos={topic.data.votos} />
                </Stack>
              </Group>
              <Tabs value={tab} onChange={(value) => value && onTabChange(value as DetailTab)}>
                <Tabs.List>
                  <Tabs.Tab value="datos" leftSection={<IconFileDescription size={16} aria-hidden />}>
                    {t('detail.tabs.datos')}
                  </Tabs.Tab>
                  <Tabs.Tab
                    value="preguntas"
                    leftSection={<IconListCheck size={16} aria-hidden />}
                    rightSection={
                      typeof topic.data.total_preguntas === 'number' ? (
                        <Badge size="xs" variant="light" circle>
                          {topic.data.total_preguntas}
                        </Badge>
                      ) : undefined
                    }
                  >
                    {t('detail.tabs.preguntas')}
                  </Tabs.Tab>
                  <Tabs.Tab
                    value="actividades"
                    leftSection={<IconClipboardList size={16} aria-hidden />}
                    rightSection={
                      typeof topic.data.total_actividades === 'number' ? (
                        <Badge size="xs" variant="light" circle>
                          {topic.data.total_actividades}
                        </Badge>
                      ) : undefined
                    }
                  >
                    {t('detail.tabs.actividades')}
                  </Tabs.Tab>
                  {scormMaterial && (
                    <Tabs.Tab value="scorm" leftSection={<IconPackage size={16} aria-hidden />}>
                      {t('detail.tabs.scorm')}
                    </Tabs.Tab>
                  )}
                </Tabs.List>
                <Tabs.Panel value="datos" pt="md">
                  <TopicForm
                    key={target}
                    topic={topic.data}
                    onSaved={() => {
                      void topic.mutate();
                      onChanged();
                    }}
                    onCancel={onClose}
                  />
                </Tabs.Panel>
                <Tabs.Panel value="preguntas" pt="md">
                  {tab === 'preguntas' && (
                    <Stack gap="lg">
                      <QuestionBank
                        cve={target}
                        onChanged={() => {
                          void topic.mutate();
                          onChanged();
                        }}
                      />
                      {/* Re-mounted (and reloaded) when the bank's size changes: its counts and limits follow. */}
                      {examDefinition && <Fragment key={topic.data.total_preguntas ?? 0}>{examDefinition(target)}</Fragment>}
                    </Stack>
                  )}
                </Tabs.Panel>
                <Tabs.Panel value="actividades" pt="md">
                  {tab === 'actividades' && (
                    <ActivitiesPanel
                      cve={target}
                      onChanged={() => {
                        void topic.mutate();
                        onChanged();
                      }}
                    />
                  )}
                </Tabs.Panel>
                {scormMaterial && (
                  <Tabs.Panel value="scorm" pt="md">
                    {tab === 'scorm' && scormMaterial(target)}
                  </Tabs.Panel>
                )}
              </Tabs>
            </Stack>
          )}
        </>
      )}
    </Drawer>
  );
}
