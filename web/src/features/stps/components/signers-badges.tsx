import { Badge, Group } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';
import type { Signer } from '../api/companies';

/** One badge per DC-3 signer. */
export function SignersBadges({ signers }: { signers: Signer[] }) {
  const { t } = useTranslation('stps');
  return (
    <Group gap={4}>
      {signers.map((s) => (
        <Badge key={s} variant="light" color={s === 'patron' ? 'blue' : 'teal'} style={{ textTransform: 'none' }}>
          {t(`signers.${s}`)}
        </Badge>
      ))}
    </Group>
  );
}
