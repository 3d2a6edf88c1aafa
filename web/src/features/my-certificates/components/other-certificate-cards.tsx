import { Anchor, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import { IconCalendar, IconClockHour4, IconDownload, IconExternalLink, IconFileTypePdf, IconBuildingStore } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import type { MyBlock, MyExternal } from '../api/get-other-certificates';

/** The validity date that means "never expires". */
const NO_EXPIRY = '9999-12-31';

/** A completed block: its period and hours, its code once issued, and its certificate. */
export function BlockCard({ block, onDownload }: { block: MyBlock; onDownload: () => void }) {
  const { t } = useTranslation('my-certificates');
  const { formatDate, formatNumber } = useFormat();
  const titleId = useId();
  const date = (value: string) => formatDate(value, 'PP') || value;
  const period =
    block.desde === block.hasta ? date(block.desde) : t('my-certificates:course.period', { inicio: date(block.desde), fin: date(block.hasta) });
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {block.nombre_bloque}
        </Title>
        <Group gap="md" wrap="wrap" style={{ rowGap: 2 }}>
          <Group gap={4} wrap="nowrap">
            <IconCalendar size={14} aria-hidden />
            <Text size="xs">{period}</Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconClockHour4 size={14} aria-hidden />
            <Text size="xs">
              {t('my-certificates:course.hours', { count: block.total_horas, hours: formatNumber(block.total_horas, { maximumFractionDigits: 1 }) })}
            </Text>
          </Group>
        </Group>
        <Group justify="space-between" gap="xs" wrap="wrap">
          {block.codigo ? (
            <Group gap={8} wrap="wrap" style={{ rowGap: 2 }}>
              <Text size="xs">
                {t('my-certificates:code')} <Code style={{ whiteSpace: 'nowrap' }}>{block.codigo}</Code>
              </Text>
              <Anchor
                href={`/verificar/${encodeURIComponent(block.codigo)}`}
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
                aria-label={t('my-certificates:verify_named', { kind: t('my-certificates:kinds.bloque'), codigo: block.codigo })}
              >
                <Group gap={2} wrap="nowrap" component="span">
                  {t('my-certificates:verify')}
                  <IconExternalLink size={12} aria-hidden />
                </Group>
              </Anchor>
            </Group>
          ) : (
            <span />
          )}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            aria-label={t('my-certificates:blocks.download_named', { bloque: block.nombre_bloque })}
            onClick={onDownload}
          >
            {t('my-certificates:blocks.download')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** An authorised external certification: its supplier, dates and the DC-3 it came with. */
export function ExternalCard({ item, onView }: { item: MyExternal; onView: () => void }) {
  const { t } = useTranslation('my-certificates');
  const { formatDate } = useFormat();
  const titleId = useId();
  const date = (value: string) => formatDate(value, 'PP') || value;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {item.nombre_tema}
        </Title>
        <Group gap={4} wrap="nowrap">
          <IconBuildingStore size={14} aria-hidden />
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {t('my-certificates:externals.supplier', { proveedor: item.nombre_proveedor })}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <IconCalendar size={14} aria-hidden />
          <Text size="xs">
            {t('my-certificates:externals.accredited', { fecha: date(item.fecha_realizacion) })}
            {' · '}
            {item.fecha_vigencia.startsWith(NO_EXPIRY)
              ? t('my-certificates:externals.no_expiry')
              : t('my-certificates:externals.valid_until', { fecha: date(item.fecha_vigencia) })}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFileTypePdf size={14} aria-hidden />}
            aria-label={t('my-certificates:externals.view_named', { tema: item.nombre_tema })}
            onClick={onView}
          >
            {t('my-certificates:externals.view')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
