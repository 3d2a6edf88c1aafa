import { Accordion, Badge, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/states/empty-state';
import { useOccupations } from '@/lib/api/shared/occupations';
import { ListSkeleton, LoadError } from './load-states';
import { filterOccupations } from './occupations-filter';

/** The national occupation catalogue (areas and sub-areas), read-only, with a search. */
export function OccupationsPanel() {
  const { t } = useTranslation('stps');
  const occupations = useOccupations();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string[]>([]);
  const visible = useMemo(() => filterOccupations(occupations.data ?? [], query), [occupations.data, query]);
  const searching = query.trim() !== '';
  const title = t('tabs.ocupaciones');

  if (occupations.error && !occupations.data)
    return <LoadError name={title} error={occupations.error} onRetry={() => void occupations.mutate()} />;
  if (!occupations.data) return <ListSkeleton />;
  if (occupations.data.length === 0) return <EmptyState title={t('empty.ocupaciones')} />;

  return (
    <Stack gap="sm">
      <TextInput
        label={t('ocupaciones.search')}
        placeholder={t('ocupaciones.search_placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        maw={420}
      />
      {visible.length === 0 ? (
        <EmptyState title={t('ocupaciones.no_match')} />
      ) : (
        <Accordion
          multiple
          variant="separated"
          // While searching every match is shown opened; otherwise the user opens areas.
          value={searching ? visible.map((a) => a.clave) : open}
          onChange={(v) => !searching && setOpen(v)}
          aria-label={title}
        >
          {visible.map((area) => (
            <Accordion.Item key={area.clave} value={area.clave}>
              <Accordion.Control>
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                    {area.clave}
                  </Badge>
                  <Text fw={500}>{area.nombre}</Text>
                  <Text size="xs" c="dimmed" style={{ marginLeft: 'auto', flexShrink: 0 }}>
                    {t('ocupaciones.subareas_count', { count: area.subareas.length })}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {area.subareas.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('ocupaciones.no_subareas')}
                  </Text>
                ) : (
                  <Table verticalSpacing={4} aria-label={t('ocupaciones.subareas_of', { name: area.nombre })}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={100}>{t('fields.clave')}</Table.Th>
                        <Table.Th>{t('fields.subarea')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {area.subareas.map((s) => (
                        <Table.Tr key={s.clave}>
                          <Table.Td>{s.clave}</Table.Td>
                          <Table.Td>{s.nombre}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
