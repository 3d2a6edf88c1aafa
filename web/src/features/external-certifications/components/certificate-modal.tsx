import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { openExternalDc3 } from '@/lib/certificates/certificate-forms';
import type { LogRow } from '../api/types';
import { StateBadge } from './state-badge';
import { useDates } from './use-dates';

/**
 * 'CERTIFICADO': a record's details and 'Ver PDF', which posts the DC-3's form (with the
 * session token) in a new tab, as every certificate download does.
 */
export function CertificateModal({ row, onClose }: { row: LogRow | null; onClose: () => void }) {
  const { t } = useTranslation(['external-certifications', 'common']);
  const { date, validity } = useDates();
  const hintId = useId();
  return (
    <Modal opened={!!row} onClose={onClose} title={t('external-certifications:certificate.title')} centered size="lg">
      {row && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
            <Detail label={t('external-certifications:fields.certificado')} value={row.certificado} />
            <Detail label={t('external-certifications:fields.num_empleado')} value={row.num_empleado} />
            <Detail label={t('external-certifications:fields.curp')} value={row.curp_empleado} />
            <Detail label={t('external-certifications:fields.tema')} value={row.nombre_tema} />
            <Detail label={t('external-certifications:fields.proveedor')} value={row.nombre_proveedor} />
            <Detail label={t('external-certifications:fields.fecha_realizacion')} value={date(row.fecha_realizacion)} />
            <Detail label={t('external-certifications:fields.fecha_vigencia')} value={validity(row.fecha_vigencia)} />
            <Detail label={t('external-certifications:fields.fecha_alta')} value={date(row.fecha_alta)} />
            <div>
              <Text component="dt" size="xs" c="dimmed">
                {t('external-certifications:fields.estado')}
              </Text>
              <Text component="dd" m={0}>
                <StateBadge estado={row.estado} motivo={row.motivo_rechazo} />
              </Text>
            </div>
          </SimpleGrid>
          <Text size="xs" c="dimmed" id={hintId}>
            {t('external-certifications:certificate.view_pdf_hint')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.close')}
            </Button>
            <Button
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              aria-describedby={hintId}
              onClick={() => openExternalDc3(row.cve_log)}
              data-autofocus
            >
              {t('external-certifications:certificate.view_pdf')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}
