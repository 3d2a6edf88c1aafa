import { Badge, Button, Drawer, Group, Image, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Tabs.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileDescription, IconListNumbers, IconUsersPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/badges';
import { AverageRating } from '@/components/rating';
import { ListError } from '@/components/states/list-states';
import { hasSection, useSession } from '@/lib/auth/session';
import { useFormat } from '@/lib/i18n/use-format';
import { useBlock } from '../api/get-block';
import { BlockForm } from './block-form';
import type { BlockTab } from './block-tabs';
import { BlockTopicsEditor } from './block-topics-editor';
import { ModalityBadge } from './modality-badge';

/** Section of the staff enrolment call (asignacion_bloques). */
export const ENROL_SECTION = 'catalogos.asignacion_bloques';

export interface BlockDrawerProps {
  /** 'nuevo' opens the create form, a key the block, null nothing. */
  target: 'nuevo' | number | null;
  tab: BlockTab;
  onTabChange: (tab: BlockTab) => void;
  onClose: () => void;
  onCreated: (id: number) => void;
  /** Something the blocks table shows changed. */
  onChanged: () => void;
  onEnrol: (block: { id_bloque: number; nombre_bloque: string }) => void;
}

/** 'Nuevo bloque' (crear_bloque) and a block's Datos / Temas, with its derived modality and hours. */
export function BlockDrawer({ target, tab, onTabChange, onClose, onCreated, onChanged, onEnrol }: BlockDrawerProps) {
  const { t } = useTranslation(['blocks', 'common']);
  const { user } = useSession();
  const { formatNumber } = useFormat();
  const narrow = useMediaQuery('(max-width: 48em)');
  const block = useBlock(typeof target === 'number' ? target : null);
  const title = target === 'nuevo' ? t('blocks:form.new_title') : (block.data?.nombre_bloque ?? t('blocks:detail.title'));
  const changed = () => {
    void block.mutate();
    onChanged();
  };
  const topicCount = block.data?.temas?.length ?? 0;
  const topicsSignature = (block.data?.temas ?? []).map((x) => `${x.cve_tema}:${x.orden ?? ''}`).join(',');

  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={<Text fw={700}>{title}</Text>}
      closeButtonProps={{ 'aria-label': t('blocks:detail.close') }}
    >
      {target === 'nuevo' && <BlockForm block={null} onSaved={(id) => onCreated(id)} onCancel={onClose} />}
      {typeof target === 'number' && (
        <>
          {block.isLoading && (
            <Stack gap="sm" aria-busy>
              <Skeleton height={96} radius="md" />
              <Skeleton height={36} />
              <Skeleton height={240} />
            </Stack>
          )}
          {block.error !== undefined && !block.data && (
            <ListError title={t('blocks:detail.load_error')} error={block.error} onRetry={() => void block.mutate()} />
          )}
          {block.data && (
            <Stack gap="md">
              <Group gap="md" wrap="wrap" align="center" justify="space-between">
                <Group gap="md" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
                  {block.data.imagen_url && (
                    <Image src={block.data.imagen_url} alt={t('blocks:detail.image_alt', { name: block.data.nombre_bloque })} w={112} h={70} radius="md" fit="cover" />
                  )}
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Title order={2} size="h4" style={{ wordBreak: 'break-word' }}>
                      {block.data.nombre_bloque}
                    </Title>
                    <Group gap={6}>
                      {block.data.nombre_tipo_bloque && <Badge variant="outline">{block.data.nombre_tipo_bloque}</Badge>}
                      <ActiveBadge value={block.data.activo} />
                    </Group>
                    <AverageRating rating={block.data.rating} votos={block.data.votos} />
                  </Stack>
                </Group>
                {hasSection(user, ENROL_SECTION) && (
                  <Button
                    variant="light"
                    leftSection={<IconUsersPlus size={16} />}
                    onClick={() => block.data && onEnrol({ id_bloque: block.data.id_bloque, nombre_bloque: block.data.nombre_bloque })}
                  >
                    {t('blocks:enrol.action')}
                  </Button>
                )}
              </Group>
              <Group gap="lg" wrap="wrap" component="dl" m={0}>
                <div>
                  <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {t('blocks:fields.modalidad')}
                  </Text>
                  <Text component="dd" m={0} data-testid="block-modality">
                    <ModalityBadge value={topicCount > 0 ? block.data.modalidad : null} />
                  </Text>
                </div>
                <div>
                  <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {t('blocks:fields.total_horas')}
                  </Text>
                  <Text component="dd" m={0} size="sm" fw={600}>
                    {t('blocks:hours', { hours: formatNumber(Number(block.data.total_horas ?? 0), { maximumFractionDigits: 2 }) })}
                  </Text>
                </div>
                <div>
                  <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {t('blocks:fields.total_temas')}
                  </Text>
                  <Text component="dd" m={0} size="sm" fw={600}>
                    {topicCount}
                  </Text>
                </div>
              </Group>
              <Tabs value={tab} onChange={(value) => value && onTabChange(value as BlockTab)}>
                <Tabs.List>
                  <Tabs.Tab value="datos" leftSection={<IconFileDescription size={16} aria-hidden />}>
                    {t('blocks:detail.tabs.datos')}
                  </Tabs.Tab>
                  <Tabs.Tab value="temas" leftSection={<IconListNumbers size={16} aria-hidden />}>
                    {t('blocks:detail.tabs.temas')}
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="datos" pt="md">
                  <BlockForm key={target} block={block.data} onSaved={changed} onCancel={onClose} />
                </Tabs.Panel>
                <Tabs.Panel value="temas" pt="md">
                  <BlockTopicsEditor key={`${target}|${topicsSignature}`} block={block.data} onSaved={changed} />
                </Tabs.Panel>
              </Tabs>
            </Stack>
          )}
        </>
      )}
    </Drawer>
  );
}
