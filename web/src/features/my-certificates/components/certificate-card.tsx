import { Box, Button, Checkbox, Divider, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Divider.css';
import { IconDownload, IconHourglassHigh } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyCertificate } from '../api/get-my-certificates';
import { CardHeading, VerifyCode } from './card-parts';
import { certificatesOfCourse, type CertificateItem } from './selection-rules';

interface CardProps {
  course: MyCertificate;
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onDownload: (item: CertificateItem) => void;
}

/** A passed course: its dates and hours, and each of its certificates to select or download. */
export function CertificateCard({ course, selected, onToggle, onDownload }: CardProps) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <CardHeading id={titleId} title={course.nombre_curso} desde={course.fecha_inicio} hasta={course.fecha_fin} horas={course.horas} />
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
        <VerifyCode codigo={codigo} kind={kind} pl={32} />
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
