import { Alert, Badge, Button, Group, List, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { errorMessage } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import { blockTopicName } from '../api/get-block';
import { fetchEnrolmentTopics } from '../api/get-enrolment-topics';

export interface EnrolPreviewModalProps {
  block: { id_bloque: number; nombre_bloque: string } | null;
  onClose: () => void;
}

/**
 * "Inscribir personal": asks the block assignment for the block's topics. With none the
 * server's 409 message ('Debe asignar temas al bloque para poder inscribir personal') is
 * shown; otherwise the ordered topics staff would be enrolled into.
 */
export function EnrolPreviewModal({ block, onClose }: EnrolPreviewModalProps) {
  const { t } = useTranslation(['blocks', 'common']);
  const { data, error, isLoading, mutate } = useSWR(
    block ? ['catalogos.asignacion_bloques.temas', block.id_bloque] : null,
    () => fetchEnrolmentTopics((block as { id_bloque: number }).id_bloque),
    { revalidateOnFocus: false, revalidateOnMount: true, dedupingInterval: 0, shouldRetryOnError: false },
  );
  const noTopics = isApiError(error, 409);

  return (
    <Modal opened={block !== null} onClose={onClose} title={t('blocks:enrol.title')} size="lg">
      {block && (
        <Stack gap="md">
          {isLoading && (
            <Stack gap="xs" aria-busy>
              <Skeleton height={20} width="60%" />
              <Skeleton height={16} />
              <Skeleton height={16} />
            </Stack>
          )}
          {error !== undefined && !isLoading && (
            <Alert
              color={noTopics ? 'yellow' : 'red'}
              variant="light"
              role="alert"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={noTopics ? block.nombre_bloque : t('blocks:enrol.error')}
            >
              {noTopics ? errorMessage(error) || t('blocks:enrol.no_topics') : errorMessage(error)}
            </Alert>
          )}
          {data && !error && (
            <Stack gap="sm">
              <Title order={3} size="h5">
                {t('blocks:enrol.topics_title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('blocks:enrol.topics_text', { name: block.nombre_bloque, count: data.length })}
              </Text>
              <List type="ordered" spacing="xs" aria-label={t('blocks:enrol.topics_title')}>
                {data.map((topic) => (
                  <List.Item key={topic.cve_tema}>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm">{blockTopicName(topic)}</Text>
                      {topic.modalidad && (
                        <Badge size="xs" variant="light" color="gray">
                          {t(`blocks:topic_modalities.${topic.modalidad}`, { defaultValue: topic.modalidad })}
                        </Badge>
                      )}
                    </Group>
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          <Group justify="flex-end">
            {error !== undefined && !noTopics && (
              <Button variant="default" onClick={() => void mutate()}>
                {t('common:actions.retry')}
              </Button>
            )}
            <Button onClick={onClose}>{t('common:actions.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
