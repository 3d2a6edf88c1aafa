import { Badge, Group, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/components/forms';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { usePositions } from '@/lib/api/shared/positions';
import { useStructureOptions } from '@/lib/api/shared/structure-options';
import { useFormat } from '@/lib/i18n/use-format';
import { useSimulation } from '../../api/simulator';
import { EmployeePicker } from '../employee-picker';
import { StateBadge } from '../my-plan/plan-badges';

function Level({ nivel, padre, value, onChange }: { nivel: number; padre: number | null; value: string | null; onChange: (v: string | null) => void }) {
  const { t } = useTranslation(['plans', 'common']);
  const options = useStructureOptions(nivel, padre);
  return (
    <Select
      label={t('plans:structure.level', { nivel })}
      placeholder={nivel > 2 && padre === null ? t('plans:structure.pick_parent') : t('plans:structure.pick')}
      data={(options.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
      value={value}
      onChange={onChange}
      disabled={nivel > 2 && padre === null}
      searchable
      nothingFoundMessage={t('plans:no_results')}
    />
  );
}

/** /menu/simulador_puesto: what an employee would hold, lack and stop needing in another position. */
export function SimulatorScreen() {
  const { t } = useTranslation(['plans', 'common']);
  const { formatNumber } = useFormat();
  const [cve, setCve] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [n2, setN2] = useState<string | null>(null);
  const [n3, setN3] = useState<string | null>(null);
  const [n4, setN4] = useState<string | null>(null);
  const [puesto, setPuesto] = useState<string | null>(null);
  const positions = usePositions(n4 ? Number(n4) : null);
  const sim = useSimulation(cve, puesto ? Number(puesto) : null);
  useScreenChrome({ onUpdate: () => void sim.mutate() });

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Stack gap="sm">
          <EmployeePicker
            value={cve}
            label={name}
            onChange={(v, label) => {
              setCve(v);
              setName(label);
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <Level nivel={2} padre={null} value={n2} onChange={(v) => { setN2(v); setN3(null); setN4(null); setPuesto(null); }} />
            <Level nivel={3} padre={n2 ? Number(n2) : null} value={n3} onChange={(v) => { setN3(v); setN4(null); setPuesto(null); }} />
            <Level nivel={4} padre={n3 ? Number(n3) : null} value={n4} onChange={(v) => { setN4(v); setPuesto(null); }} />
            <Select
              label={t('plans:simulator.position')}
              placeholder={n4 ? t('plans:structure.pick') : t('plans:structure.pick_parent')}
              data={(positions.data ?? []).map((p) => ({ value: String(p.cve_puesto), label: p.puesto }))}
              value={puesto}
              onChange={setPuesto}
              disabled={!n4}
              searchable
              nothingFoundMessage={t('plans:no_results')}
              error={positions.error ? (failureMessage(positions.error) ?? undefined) : undefined}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      {(!cve || !puesto) && <EmptyState icon={<IconArrowsExchange size={26} aria-hidden />} title={t('plans:simulator.pick_title')} description={t('plans:simulator.pick_text')} />}
      {cve && puesto && sim.error !== undefined && !sim.data && <ListError title={t('plans:simulator.load_error')} error={sim.error} onRetry={() => void sim.mutate()} />}
      {cve && puesto && !sim.data && sim.error === undefined && <ListSkeleton rows={2} />}
      {sim.data && (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
          <Stack gap="sm">
            <Text fw={600}>{t('plans:simulator.title', { name: sim.data.empleado.nombre_empleado, from: sim.data.empleado.puesto ?? '—', to: sim.data.puesto.puesto })}</Text>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" color="teal">{t('plans:simulator.held', { count: sim.data.resumen.acreditados })}</Badge>
              <Badge variant="light" color="orange">{t('plans:simulator.to_cover', { count: sim.data.resumen.por_cubrir })}</Badge>
              <Badge variant="light" color="blue">{t('plans:simulator.hours_to_cover', { hours: formatNumber(sim.data.resumen.horas_por_cubrir) })}</Badge>
              <Badge variant="light" color="gray">{t('plans:simulator.dropped', { count: sim.data.resumen.dejan_de_requerirse })}</Badge>
            </Group>
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('plans:fields.tema')}</Table.Th>
                    <Table.Th>{t('plans:simulator.hours')}</Table.Th>
                    <Table.Th>{t('plans:fields.estado')}</Table.Th>
                    <Table.Th>{t('plans:simulator.now')}</Table.Th>
                    <Table.Th>{t('plans:simulator.after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sim.data.temas.map((x) => (
                    <Table.Tr key={x.cve_tema}>
                      <Table.Td>{x.abreviatura ? `${x.abreviatura} · ${x.nombre_tema}` : x.nombre_tema}</Table.Td>
                      <Table.Td>{x.horas ?? '—'}</Table.Td>
                      <Table.Td>
                        <StateBadge estado={x.estado} />
                      </Table.Td>
                      <Table.Td>{x.en_plan_actual ? t('plans:simulator.yes') : t('plans:simulator.no')}</Table.Td>
                      <Table.Td>{x.en_plan_destino ? t('plans:simulator.yes') : t('plans:simulator.no')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
