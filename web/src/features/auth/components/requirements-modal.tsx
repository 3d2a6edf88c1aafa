import { List, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const ITEMS = ['browser', 'javascript', 'connection', 'screen', 'popups'] as const;

/** Software requirements to use the platform, when the company gives no page of its own. */
export function RequirementsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <Modal opened={opened} onClose={onClose} title={t('requirements.title')} size="lg">
      <Text size="sm" mb="sm">
        {t('requirements.intro')}
      </Text>
      <List spacing="xs" size="sm">
        {ITEMS.map((item) => (
          <List.Item key={item}>{t(`requirements.items.${item}`)}</List.Item>
        ))}
      </List>
    </Modal>
  );
}
