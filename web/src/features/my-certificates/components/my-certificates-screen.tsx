import { Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { IconCertificateOff, IconDownload } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError } from '@/components/states/list-states';
import { useSession } from '@/lib/auth/session';
import { useMyCertificates, type MyCertificate } from '../api/get-my-certificates';
import { openCourseCertificate, openDc3 } from '@/lib/certificates/certificate-forms';
import { SEVERAL_MAX, openSeveral } from '../api/open-several';
import { CertificateCard } from './certificate-card';
import { availableIds, orderedSelection, type CertificateItem } from './selection-rules';

/**
 * /menu/mis_constancias: the signed-in user's passed closed courses, each with its course
 * certificate and (when the modality carries one) its DC-3, to download one by one or several
 * as one PDF.
 */
export function MyCertificatesScreen() {
  const { t } = useTranslation(['my-certificates', 'common']);
  const { user } = useSession();
  const cveEmpleado = user?.cve_empleado ?? null;
  const list = useMyCertificates(cveEmpleado);
  useScreenChrome({ onUpdate: () => list.mutate() });

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="md">
        <Text size="sm" c="dimmed" maw={720}>
          {t('my-certificates:intro')}
        </Text>
        {list.error !== undefined && !list.data ? (
          <ListError title={t('my-certificates:load_error')} error={list.error} onRetry={() => void list.mutate()} />
        ) : !list.data || cveEmpleado === null ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" role="status" aria-busy="true" aria-label={t('my-certificates:loading')} data-testid="my-certificates-skeleton">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={150} radius="md" />
            ))}
          </SimpleGrid>
        ) : list.data.length === 0 ? (
          <EmptyState
            icon={<IconCertificateOff size={26} aria-hidden />}
            title={t('my-certificates:empty.title')}
            description={t('my-certificates:empty.text')}
          />
        ) : (
          <CertificateList courses={list.data} cveEmpleado={cveEmpleado} validating={list.isValidating} />
        )}
      </Stack>
    </Paper>
  );
}

function CertificateList({ courses, cveEmpleado, validating }: { courses: MyCertificate[]; cveEmpleado: number; validating: boolean }) {
  const { t } = useTranslation('my-certificates');
  const limitId = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const available = useMemo(() => availableIds(courses), [courses]);
  // What a refreshed list no longer offers drops out of the count and of the request.
  const ordered = useMemo(() => orderedSelection(courses, selected), [courses, selected]);
  const count = ordered.length;
  const overLimit = count > SEVERAL_MAX;

  const toggle = (id: string, checked: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (checked: boolean) => setSelected(checked ? new Set(available) : new Set());
  const download = (item: CertificateItem) =>
    item.kind === 'dc3' ? openDc3(item.cveCurso, cveEmpleado) : openCourseCertificate(item.cveCurso, cveEmpleado);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Checkbox
          label={t('my-certificates:selection.all')}
          checked={available.length > 0 && count === available.length}
          indeterminate={count > 0 && count < available.length}
          disabled={available.length === 0}
          onChange={(e) => toggleAll(e.currentTarget.checked)}
        />
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={count === 0 || overLimit}
          aria-describedby={overLimit ? limitId : undefined}
          onClick={() => openSeveral(cveEmpleado, ordered)}
        >
          {t('my-certificates:selection.download', { n: count })}
        </Button>
      </Group>
      <div aria-live="polite">
        {overLimit && (
          <Text size="sm" c="orange.9" id={limitId}>
            {t('my-certificates:selection.limit', { max: SEVERAL_MAX, extra: count - SEVERAL_MAX })}
          </Text>
        )}
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" aria-busy={validating}>
        {courses.map((course) => (
          <CertificateCard key={course.cve_curso} course={course} selected={selected} onToggle={toggle} onDownload={download} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
