import { Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { IconCertificateOff, IconDownload } from '@tabler/icons-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError } from '@/components/states/list-states';
import { useSession } from '@/lib/auth/session';
import { useMyCertificates, type MyCertificate } from '../api/get-my-certificates';
import { openBlockCertificate, openCourseCertificate, openDc3, openExternalDc3 } from '@/lib/certificates/certificate-forms';
import { useOtherCertificates } from '../api/get-other-certificates';
import { SEVERAL_MAX, openSeveral } from '../api/open-several';
import { CertificateCard } from './certificate-card';
import { BlockCard, ExternalCard } from './other-certificate-cards';
import { availableIds, orderedSelection, type CertificateItem } from './selection-rules';

/**
 * /menu/mis_constancias: the signed-in user's certificates. The passed closed courses, each
 * with its course certificate and (when the modality carries one) its DC-3, to download one
 * by one or several as one PDF; the completed blocks of one's plan with their certificate;
 * and the external certifications a supplier recorded and Human Resources authorised, with
 * their DC-3.
 */
export function MyCertificatesScreen() {
  const { user } = useSession();
  const cveEmpleado = user?.cve_empleado ?? null;
  // The same SWR keys as the panel's: one request each, and 'Actualizar' asks both again.
  const list = useMyCertificates(cveEmpleado);
  const others = useOtherCertificates(cveEmpleado);
  useScreenChrome({ onUpdate: () => Promise.all([list.mutate(), others.mutate()]) });
  return <MyCertificatesPanel />;
}

/**
 * The certificates of the screen without its action bar: the screen's body, and the
 * dashboard's "Mis constancias" tab (spec §2), there without a frame of its own (`framed`).
 */
export function MyCertificatesPanel({ framed = true }: { framed?: boolean }) {
  const { t } = useTranslation(['my-certificates', 'common']);
  const { user } = useSession();
  const cveEmpleado = user?.cve_empleado ?? null;
  const list = useMyCertificates(cveEmpleado);
  const others = useOtherCertificates(cveEmpleado);

  const nothing =
    list.data?.length === 0 && others.data !== undefined && others.data.bloques.length === 0 && others.data.externas.length === 0;

  return (
    <Frame framed={framed}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed" maw={720}>
          {t('my-certificates:intro')}
        </Text>
        {nothing ? (
          <EmptyState
            icon={<IconCertificateOff size={26} aria-hidden />}
            title={t('my-certificates:empty.title')}
            description={t('my-certificates:empty.text')}
          />
        ) : (
          <>
            <Section title={t('my-certificates:sections.courses')}>
              {list.error !== undefined && !list.data ? (
                <ListError title={t('my-certificates:load_error')} error={list.error} onRetry={() => void list.mutate()} />
              ) : !list.data || cveEmpleado === null ? (
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" role="status" aria-busy="true" aria-label={t('my-certificates:loading')} data-testid="my-certificates-skeleton">
                  {[0, 1, 2, 3].map((i) => (
                    <Skeleton key={i} height={150} radius="md" />
                  ))}
                </SimpleGrid>
              ) : list.data.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('my-certificates:empty.courses')}
                </Text>
              ) : (
                <CertificateList courses={list.data} cveEmpleado={cveEmpleado} validating={list.isValidating} />
              )}
            </Section>
            <OtherSections others={others} cveEmpleado={cveEmpleado} />
          </>
        )}
      </Stack>
    </Frame>
  );
}

/** The screen's card around the panel, or nothing where the panel sits in a card already. */
function Frame({ framed, children }: { framed: boolean; children: ReactNode }) {
  if (!framed) return children;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      {children}
    </Paper>
  );
}

/** A titled part of the screen (courses, blocks, external certifications). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The completed blocks and the authorised external certifications, each with its own state. */
function OtherSections({ others, cveEmpleado }: { others: ReturnType<typeof useOtherCertificates>; cveEmpleado: number | null }) {
  const { t } = useTranslation(['my-certificates', 'common']);
  const state = (kind: 'blocks' | 'externals', items: unknown[] | undefined, render: () => ReactNode) =>
    others.error !== undefined && !others.data ? (
      <ListError title={t('my-certificates:others_error')} error={others.error} onRetry={() => void others.mutate()} />
    ) : !items || cveEmpleado === null ? (
      <Skeleton height={110} radius="md" aria-hidden />
    ) : items.length === 0 ? (
      <Text size="sm" c="dimmed">
        {t(`my-certificates:empty.${kind}`)}
      </Text>
    ) : (
      render()
    );
  return (
    <>
      <Section title={t('my-certificates:sections.blocks')}>
        {state('blocks', others.data?.bloques, () => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {others.data?.bloques.map((b) => (
              <BlockCard key={b.id_bloque} block={b} onDownload={() => cveEmpleado !== null && openBlockCertificate(b.id_bloque, cveEmpleado)} />
            ))}
          </SimpleGrid>
        ))}
      </Section>
      <Section title={t('my-certificates:sections.externals')}>
        {state('externals', others.data?.externas, () => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {others.data?.externas.map((x) => (
              <ExternalCard key={x.cve_log} item={x} onView={() => openExternalDc3(x.cve_log)} />
            ))}
          </SimpleGrid>
        ))}
      </Section>
    </>
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
