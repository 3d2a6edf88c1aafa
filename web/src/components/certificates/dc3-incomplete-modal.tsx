import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'El curso tiene datos incompletos' with the missing data numbered (spec §8). */
export function Dc3IncompleteModal({ items, onClose }: { items: string[] | null; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Modal opened={items !== null} onClose={onClose} title={t('common:certificates.incomplete_title')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('common:certificates.incomplete_text')}</Text>
        <List type="ordered" size="sm" spacing={4} data-testid="dc3-missing">
          {(items ?? []).map((item, i) => (
            <List.Item key={i}>{item}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common:actions.accept')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
