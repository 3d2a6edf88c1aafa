import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { Virtual: 'cyan', Presencial: 'indigo', Mixto: 'grape' };

/** A block's derived modality (Virtual | Presencial | Mixto), or 'Sin temas' while it has none. */
export function ModalityBadge({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation('blocks');
  if (!value) {
    return (
      <Badge variant="light" color="gray">
        {t('modalities.none')}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={COLORS[value] ?? 'gray'}>
      {t(`modalities.${value}`, { defaultValue: value })}
    </Badge>
  );
}
