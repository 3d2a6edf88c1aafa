import { Anchor, Box, Button, Checkbox, Code, Divider, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Divider.css';
import { IconCalendar, IconClockHour4, IconDownload, IconExternalLink, IconHourglassHigh } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import type { MyCertificate } from '../api/get-my-certificates';
import { certificatesOfCourse, type CertificateItem } from './selection-rules';

interface CardProps {
  course: MyCertificate;
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onDownload: (item: CertificateItem) => void;
}

/** A passed course: its dates and hours, and each of its certificates to select or download. */
export function CertificateCard({ course, selected, onToggle, onDownload }: CardProps) {
  const { t } = useTranslation('my-certificates');
  const { formatDate, formatNumber } = useFormat();
  const titleId = useId();
  const date = (value: string) => formatDate(value, 'PP') || value;
  const period =
    course.fecha_inicio === course.fecha_fin
      ? date(course.fecha_inicio)
      : t('my-certificates:course.period', { inicio: date(course.fecha_inicio), fin: date(course.fecha_fin) });
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {course.nombre_curso}
        </Title>
        <Group gap="md" wrap="wrap" style={{ rowGap: 2 }}>
          <Group gap={4} wrap="nowrap">
            <IconCalendar size={14} aria-hidden />
            <Text size="xs">{period}</Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconClockHour4 size={14} aria-hidden />
            <Text size="xs">
              {t('my-certificates:course.hours', { count: course.horas, hours: formatNumber(course.horas, { maximumFractionDigits: 1 }) })}
            </Text>
          </Group>
        </Group>
        <Divider />
        {certificatesOfCourse(course).map((item) => (
          <CertificateRow
            key={item.id}
            item={item}
            course={course}
            checked={selected.has(item.id)}
            onToggle={(checked) => onToggle(item.id, checked)}
            onDownload={() => onDownload(item)}
          />
        ))}
      </Stack>
    </Paper>
  );
}

interface RowProps {
  item: CertificateItem;
  course: MyCertificate;
  checked: boolean;
  onToggle: (checked: boolean) => void;
  onDownload: () => void;
}

/**
 * One certificate: a checkbox when it can be downloaded, its verification code once issued,
 * and its download; a DC-3 still missing data says which and who completes them.
 */
function CertificateRow({ item, course, checked, onToggle, onDownload }: RowProps) {
  const { t } = useTranslation('my-certificates');
  const pendingId = useId();
  const kind = t(`my-certificates:kinds.${item.kind}`);
  const named = { kind, curso: course.nombre_curso };
  const codigo = item.kind === 'dc3' ? course.dc3.codigo : course.codigo_constancia;
  return (
    <Stack gap={4} data-testid={`certificate-${item.id}`}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box style={{ flex: 1, minWidth: 0 }}>
          {item.available ? (
            <Checkbox
              label={kind}
              aria-label={t('my-certificates:item_name', named)}
              checked={checked}
              onChange={(e) => onToggle(e.currentTarget.checked)}
              styles={{ label: { fontWeight: 500 } }}
            />
          ) : (
            <Group gap="sm" wrap="nowrap">
              {/* Where the checkbox of a downloadable one is: this one cannot be selected yet. */}
              <ThemeIcon size={20} radius="sm" variant="light" color="yellow" aria-hidden>
                <IconHourglassHigh size={14} />
              </ThemeIcon>
              <Text size="sm" fw={500}>
                {kind}
              </Text>
            </Group>
          )}
        </Box>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          disabled={!item.available}
          aria-label={t('my-certificates:download_named', named)}
          aria-describedby={item.available ? undefined : pendingId}
          onClick={onDownload}
          style={{ flexShrink: 0 }}
        >
          {t('my-certificates:download')}
        </Button>
      </Group>
      {codigo && (
        // Lined up with the label, past the 20 px box and its 12 px gap.
        <Group gap={8} wrap="wrap" pl={32} style={{ rowGap: 2 }}>
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
      )}
      {!item.available && <Dc3Pending id={pendingId} faltantes={course.dc3.faltantes} />}
    </Stack>
  );
}

/** Why a DC-3 cannot be downloaded yet: the data it lacks, which HR completes. */
function Dc3Pending({ id, faltantes }: { id: string; faltantes: string[] }) {
  const { t } = useTranslation('my-certificates');
  return (
    <Box id={id} ml={32} p="xs" bg="yellow.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }} data-testid="dc3-pending">
      {faltantes.length > 0 ? (
        <>
          <Text size="xs" fw={500}>
            {t('my-certificates:pending.title')}
          </Text>
          <List size="xs" spacing={2} mt={2} withPadding>
            {faltantes.map((item, i) => (
              <List.Item key={`${i}-${item}`}>{item}</List.Item>
            ))}
          </List>
          <Text size="xs" mt={4}>
            {t('my-certificates:pending.hr')}
          </Text>
        </>
      ) : (
        <Text size="xs">{t('my-certificates:pending.generic')}</Text>
      )}
    </Box>
  );
}
