import { Anchor, Code, Group, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import { IconCalendar, IconClockHour4, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';

/** A certificate card's title, and its period (one day or from–to) and hours below it. */
export function CardHeading({ id, title, desde, hasta, horas }: { id: string; title: string; desde: string; hasta: string; horas: number }) {
  const { t } = useTranslation('my-certificates');
  const { formatDate, formatNumber } = useFormat();
  const date = (value: string) => formatDate(value, 'PP') || value;
  const period = desde === hasta ? date(desde) : t('my-certificates:course.period', { inicio: date(desde), fin: date(hasta) });
  return (
    <>
      <Title order={3} size="h5" id={id} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      <Group gap="md" wrap="wrap" style={{ rowGap: 2 }}>
        <Group gap={4} wrap="nowrap">
          <IconCalendar size={14} aria-hidden />
          <Text size="xs">{period}</Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <IconClockHour4 size={14} aria-hidden />
          <Text size="xs">{t('my-certificates:course.hours', { count: horas, hours: formatNumber(horas, { maximumFractionDigits: 1 }) })}</Text>
        </Group>
      </Group>
    </>
  );
}

/** A certificate's verification code and the link that checks it on the public page. */
export function VerifyCode({ codigo, kind, pl }: { codigo: string; kind: string; pl?: number }) {
  const { t } = useTranslation('my-certificates');
  return (
    <Group gap={8} wrap="wrap" pl={pl} style={{ rowGap: 2 }}>
      <Text size="xs">
        {t('my-certificates:code')} <Code style={{ whiteSpace: 'nowrap' }}>{codigo}</Code>
      </Text>
      <Anchor
        href={`/verificar/${encodeURIComponent(codigo)}`}
        target="_blank"
        rel="noopener noreferrer"
        size="xs"
        aria-label={t('my-certificates:verify_named', { kind, codigo })}
      >
        <Group gap={2} wrap="nowrap" component="span">
          {t('my-certificates:verify')}
          <IconExternalLink size={12} aria-hidden />
        </Group>
      </Anchor>
    </Group>
  );
}
