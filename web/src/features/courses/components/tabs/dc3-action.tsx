import { ActionIcon } from '@mantine/core';
import { IconCertificate, IconFileCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDc3Download } from '@/components/certificates';
import { openCourseCertificate } from '@/lib/certificates/certificate-forms';
import type { ParticipanteFila } from '../../api/types';

/**
 * A participant's 'Descargar DC-3': checks the certificate first, then posts its form in a
 * new tab; a course without data gets the '¡Ups!' dialog, incomplete data the numbered list
 * (`onIncomplete`).
 */
export function Dc3Action({ cveCurso, row, onIncomplete }: { cveCurso: number; row: ParticipanteFila; onIncomplete: (items: string[]) => void }) {
  const { t } = useTranslation('courses');
  const { busy, download } = useDc3Download(onIncomplete);
  const label = t('courses:participants.dc3.download');
  return (
    <ActionIcon
      variant="subtle"
      color="blue"
      loading={busy}
      aria-label={label}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        void download(cveCurso, row.cve_empleado);
      }}
    >
      <IconCertificate size={18} aria-hidden />
    </ActionIcon>
  );
}

/**
 * A participant's 'Constancia del curso': its form posted in a new tab, which shows the PDF
 * (or, should the server refuse it, its message).
 */
export function CourseCertificateAction({ cveCurso, row }: { cveCurso: number; row: ParticipanteFila }) {
  const { t } = useTranslation('courses');
  const label = t('courses:participants.certificate.download');
  return (
    <ActionIcon
      variant="subtle"
      color="teal"
      aria-label={label}
      title={label}
      onClick={(e) => {
        e.stopPropagation();
        openCourseCertificate(cveCurso, row.cve_empleado);
      }}
    >
      <IconFileCertificate size={18} aria-hidden />
    </ActionIcon>
  );
}
