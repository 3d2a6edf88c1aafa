import { Table } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/badges';
import { EmptyState } from '@/components/states/empty-state';
import { useThematicAreas } from '@/lib/api/shared/thematic-areas';
import { ListSkeleton, LoadError } from './load-states';

/** The STPS thematic areas, read-only (they ship with the product). */
export function ThematicAreasPanel() {
  const { t } = useTranslation('stps');
  const areas = useThematicAreas();
  const title = t('tabs.areas');

  if (areas.error && !areas.data) return <LoadError name={title} error={areas.error} onRetry={() => void areas.mutate()} />;
  if (!areas.data) return <ListSkeleton />;
  if (areas.data.length === 0) return <EmptyState title={t('empty.areas')} />;

  return (
    // Narrow screens scroll the table sideways: the region takes keyboard focus so it can be
    // scrolled without a mouse, and is named after the table.
    <Table.ScrollContainer minWidth={420} type="native" tabIndex={0} role="region" aria-label={title}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>{t('fields.clave')}</Table.Th>
            <Table.Th>{t('fields.area')}</Table.Th>
            <Table.Th w={120}>{t('fields.activo')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {areas.data.map((a) => (
            <Table.Tr key={a.cve_area}>
              <Table.Td>{a.cve_area}</Table.Td>
              <Table.Td>{a.nombre}</Table.Td>
              <Table.Td>
                <ActiveBadge value={a.activo} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
