import { Button, Center } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/states/empty-state';
import { useScreenChrome } from '@/components/page-chrome';

export function Component() {
  const { t } = useTranslation('common');
  useScreenChrome({});
  return (
    <Center py="xl" style={{ flexDirection: 'column', gap: 12 }}>
      <EmptyState icon={<IconMapSearch size={26} aria-hidden />} title={t('not_found.title')} description={t('not_found.text')} />
      <Button component={Link} to="/menu/dashboard">
        {t('not_found.home')}
      </Button>
    </Center>
  );
}
