import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconCalendar, IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import type { MyBlock, MyExternal } from '../api/get-other-certificates';
import { CardHeading, VerifyCode } from './card-parts';

/** The validity date that means "never expires". */
const NO_EXPIRY = '9999-12-31';

/** A completed block: its period and hours, its code once issued, and its certificate. */
export function BlockCard({ block, onDownload }: { block: MyBlock; onDownload: () => void }) {
  const { t } = useTranslation('my-certificates');
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <CardHeading id={titleId} title={block.nombre_bloque} desde={block.desde} hasta={block.hasta} horas={block.total_horas} />
        <Group justify="space-between" gap="xs" wrap="wrap">
          {block.codigo ? (
            <VerifyCode codigo={block.codigo} kind={t('my-certificates:kinds.bloque')} />
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
