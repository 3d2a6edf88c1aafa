import { AspectRatio, Modal } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { embedUrl, videoWidth } from './video-embed';

/** The registration video tutorial (`cia.register_modal_video_link`). */
export function VideoTutorialModal({
  opened,
  onClose,
  link,
  title,
}: {
  opened: boolean;
  onClose: () => void;
  link: string;
  title?: string | null;
}) {
  const { t } = useTranslation('auth');
  const { width } = useViewportSize();
  const size = videoWidth(width || 1024);
  const media = embedUrl(link);
  const label = title || t('video.title');
  return (
    <Modal opened={opened} onClose={onClose} title={label} size={size + 32} padding="md">
      <AspectRatio ratio={16 / 9} maw={size} mx="auto">
        {opened &&
          (media.kind === 'video' ? (
            <video src={media.src} controls aria-label={label} />
          ) : (
            <iframe
              src={media.src}
              title={label}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              style={{ border: 0 }}
            />
          ))}
      </AspectRatio>
    </Modal>
  );
}
