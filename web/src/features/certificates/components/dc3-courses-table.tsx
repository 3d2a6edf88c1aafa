import { Anchor, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '@/lib/i18n/use-format';
import type { SeguimientoDc3 } from '../api/types';
import { DueText, StateBadge } from './dc3-parts';
import { courseLinkId } from './follow-up-rules';

/**
 * The year's closed courses (already sorted, late first): each name links to its participants
 * (`?curso=`), the chosen one marked as current. The state and the due date come right after
 * the name, so that a phone shows them before the table scrolls sideways (also by keyboard:
 * the region takes the focus).
 */
export function Dc3CoursesTable({
  anio,
  courses,
  selected,
  linkTo,
  onChoose,
}: {
  anio: number;
  courses: SeguimientoDc3[];
  selected: number | null;
  /** The address that shows a course's participants. */
  linkTo: (cveCurso: number) => string;
  onChoose: (cveCurso: number) => void;
}) {
  const { t } = useTranslation('certificates');
  const { formatDate } = useFormat();
  const date = (value: string) => formatDate(value, 'P') || value;
  const title = t('certificates:follow_up.courses.title', { anio });
  const header = (key: string, right = false) => (
    <Table.Th scope="col" style={right ? { textAlign: 'right' } : undefined}>
      {t(`certificates:follow_up.courses.${key}`)}
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={860} type="native" tabIndex={0} role="region" aria-label={title}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={title} data-testid="dc3-courses">
        <Table.Thead>
          <Table.Tr>
            {header('course')}
            {header('state')}
            {header('due')}
            {header('end')}
            {header('accredited', true)}
            {header('delivered', true)}
            {header('pending', true)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {courses.map((c) => {
            const current = c.cve_curso === selected;
            return (
              <Table.Tr key={c.cve_curso} data-estado={c.estado} data-current={current || undefined}>
                {/* The open course: a bar in the brand colour (a tinted row would dim its texts). */}
                <Table.Th scope="row" fw={400} style={{ minWidth: 220, boxShadow: current ? 'inset 4px 0 0 var(--mantine-primary-color-filled)' : undefined }}>
                  <Anchor
                    component={Link}
                    to={linkTo(c.cve_curso)}
                    id={courseLinkId(c.cve_curso)}
                    aria-current={current ? 'true' : undefined}
                    fw={600}
                    size="sm"
                    style={{ overflowWrap: 'anywhere' }}
                    onClick={() => onChoose(c.cve_curso)}
                  >
                    {c.nombre_curso}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t('certificates:period', { inicio: date(c.fecha_inicio), fin: date(c.fecha_fin) })}
                  </Text>
                </Table.Th>
                <Table.Td>
                  <StateBadge estado={c.estado} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {date(c.fecha_limite)}
                  <DueText course={c} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(c.fecha_fin)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{c.acreditados}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{c.entregadas}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }} fw={c.pendientes > 0 ? 700 : undefined}>
                  {c.pendientes}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
