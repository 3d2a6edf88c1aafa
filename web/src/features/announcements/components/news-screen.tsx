import { Anchor, Button, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { formatDateIn, useFormat } from '@/lib/i18n/use-format';
import { deleteNews, useNewsAdmin, type NoticiaAdmin } from '../api/news';
import { AnnouncementRow } from './announcement-row';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { NewsForm } from './news-form';
import { nextOrder } from './rules';

/**
 * /menu/configuracion_noticias, 'Noticias' (spec §2, §3): the news of the dashboard header's
 * slider, published or not, with their image, the dates they are published between and their
 * state; new, edit and delete (after confirming).
 */
export function NewsScreen() {
  const { t } = useTranslation(['announcements', 'common']);
  const { language } = useFormat();
  const narrow = useMediaQuery('(max-width: 48em)');
  const news = useNewsAdmin();
  const [editing, setEditing] = useState<NoticiaAdmin | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NoticiaAdmin | null>(null);

  useScreenChrome({
    onUpdate: () => news.mutate(),
    onNew: () => setEditing('new'),
    newLabel: t('announcements:news.new'),
  });

  const list = news.data ?? [];
  const date = (value: string) => formatDateIn(language, value, 'P') || value;
  const dates = (n: NoticiaAdmin) =>
    n.fecha_fin
      ? t('announcements:news.dates', { from: date(n.fecha_inicio), to: date(n.fecha_fin) })
      : t('announcements:news.dates_open', { from: date(n.fecha_inicio) });
  const close = () => setEditing(null);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('announcements:news.intro')}
        </Text>
        {news.isLoading && <ListSkeleton rows={3} />}
        {news.error !== undefined && !news.data && (
          <ListError title={t('announcements:news.load_error')} error={news.error} onRetry={() => void news.mutate()} />
        )}
        {news.data && list.length === 0 && (
          <Stack align="center" gap="sm">
            <EmptyState title={t('announcements:news.empty')} description={t('announcements:news.empty_hint')} />
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('announcements:news.first')}
            </Button>
          </Stack>
        )}
        {list.length > 0 && (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('announcements:news.list')}>
            {list.map((n) => (
              <AnnouncementRow
                key={n.cve_noticia}
                testId="news-row"
                title={n.titulo}
                image={n.imagen || null}
                active={n.activa}
                details={
                  <>
                    {n.descripcion_corta && (
                      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                        {n.descripcion_corta}
                      </Text>
                    )}
                    <Text size="sm" c="dimmed">
                      {dates(n)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('announcements:order', { n: n.orden })}
                      {n.enlace && (
                        <>
                          {' · '}
                          <Anchor href={n.enlace} target="_blank" rel="noopener noreferrer" size="xs" style={{ overflowWrap: 'anywhere' }}>
                            {n.enlace}
                          </Anchor>
                        </>
                      )}
                    </Text>
                  </>
                }
                onEdit={() => setEditing(n)}
                onDelete={() => setDeleting(n)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing === 'new' ? t('announcements:news.new_title') : t('announcements:news.edit_title')}
        size="lg"
        fullScreen={narrow}
      >
        {editing !== null && (
          <NewsForm
            key={editing === 'new' ? 'new' : editing.cve_noticia}
            item={editing === 'new' ? null : editing}
            today={formatDateIn(language, new Date(), 'yyyy-MM-dd')}
            nextOrder={nextOrder(list.map((n) => n.orden))}
            onSaved={() => {
              close();
              void news.mutate();
            }}
            onCancel={close}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        title={t('announcements:news.delete_title')}
        message={deleting ? t('announcements:news.delete_message', { title: deleting.titulo }) : null}
        failureTitle={t('announcements:news.delete_error')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const answer = await deleteNews(deleting.cve_noticia);
          showSaved(answer?.resp, t('announcements:news.deleted'));
          await news.mutate();
        }}
      />
    </Paper>
  );
}
