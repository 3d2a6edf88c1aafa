import { Badge, Button, Modal, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useProfiles } from '@/lib/api/shared/profiles';
import { deleteSlide, useSlidesAdmin, type SlideAdmin } from '../api/slides';
import { AnnouncementRow } from './announcement-row';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { nextOrder } from './rules';
import { SlideForm } from './slide-form';

/**
 * /menu/configuracion_slides, 'Anuncios de bienvenida' (spec §2, §4): the welcome slides each
 * profile sees after signing in, in showing order, with their image or text, profiles and
 * state; new, edit and delete (after confirming).
 */
export function SlidesScreen() {
  const { t } = useTranslation(['announcements', 'common']);
  const narrow = useMediaQuery('(max-width: 48em)');
  const slides = useSlidesAdmin();
  const profiles = useProfiles();
  const [editing, setEditing] = useState<SlideAdmin | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SlideAdmin | null>(null);

  useScreenChrome({
    onUpdate: () => slides.mutate(),
    onNew: () => setEditing('new'),
    newLabel: t('announcements:slides.new'),
  });

  const list = slides.data ?? [];
  const names = new Map((profiles.data ?? []).map((p) => [p.idperfil, p.perfil]));
  const profileNames = (ids: number[]) => ids.map((id) => names.get(id) ?? `#${id}`).join(', ');

  const close = () => setEditing(null);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('announcements:slides.intro')}
        </Text>
        {slides.isLoading && <ListSkeleton rows={3} />}
        {slides.error !== undefined && !slides.data && (
          <ListError title={t('announcements:slides.load_error')} error={slides.error} onRetry={() => void slides.mutate()} />
        )}
        {slides.data && list.length === 0 && (
          <Stack align="center" gap="sm">
            <EmptyState title={t('announcements:slides.empty')} description={t('announcements:slides.empty_hint')} />
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('announcements:slides.first')}
            </Button>
          </Stack>
        )}
        {list.length > 0 && (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('announcements:slides.list')}>
            {list.map((s) => (
              <AnnouncementRow
                key={s.cve_slide}
                testId="slide-row"
                title={s.titulo}
                image={s.tipo === 'imagen' ? s.contenido_slide : null}
                active={s.activo}
                badges={
                  <Badge variant="light" color={s.tipo === 'imagen' ? 'blue' : 'violet'}>
                    {t(`announcements:types.${s.tipo === 'imagen' ? 'imagen' : 'texto'}`)}
                  </Badge>
                }
                details={
                  <>
                    {s.tipo === 'texto' && (
                      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                        {s.contenido_slide}
                      </Text>
                    )}
                    <Text size="sm" c="dimmed">
                      {t('announcements:slides.profiles', { names: profileNames(s.perfiles) })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('announcements:order', { n: s.orden })}
                    </Text>
                  </>
                }
                onEdit={() => setEditing(s)}
                onDelete={() => setDeleting(s)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing === 'new' ? t('announcements:slides.new_title') : t('announcements:slides.edit_title')}
        size="lg"
        fullScreen={narrow}
      >
        {editing !== null && (
          <SlideForm
            key={editing === 'new' ? 'new' : editing.cve_slide}
            slide={editing === 'new' ? null : editing}
            nextOrder={nextOrder(list.map((s) => s.orden))}
            onSaved={() => {
              close();
              void slides.mutate();
            }}
            onCancel={close}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        title={t('announcements:slides.delete_title')}
        message={deleting ? t('announcements:slides.delete_message', { title: deleting.titulo }) : null}
        failureTitle={t('announcements:slides.delete_error')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const answer = await deleteSlide(deleting.cve_slide);
          showSaved(answer?.resp, t('announcements:slides.deleted'));
          await slides.mutate();
        }}
      />
    </Paper>
  );
}
