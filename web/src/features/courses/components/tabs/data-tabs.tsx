import { Badge, Divider, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumberIn, useFormat } from '@/lib/i18n/use-format';
import type { CursoDetalle } from '../../api/types';
import { COST_FIELDS } from '../course-rules';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children ?? '—'}
      </Text>
    </Stack>
  );
}

const on = (v: unknown) => v === true || v === 1 || v === '1';

/** 'Datos': the course's facts. */
export function DataTab({ course: c }: { course: CursoDetalle }) {
  const { t } = useTranslation(['courses', 'common']);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      <Fact label={t('courses:fields.tema')}>{c.nombre_tema}</Fact>
      <Fact label={t('courses:fields.modalidad')}>{t(`courses:modalities.${c.modalidad}`)}</Fact>
      <Fact label={t('courses:fields.modelo')}>{t(`courses:models.${c.modelo_evaluacion}`)}</Fact>
      <Fact label={t('courses:fields.planta')}>{c.nombre_planta}</Fact>
      <Fact label={t('courses:fields.sede')}>{c.nombre_sede}</Fact>
      <Fact label={t('courses:fields.sala')}>{c.nombre_sala}</Fact>
      <Fact label={t('courses:fields.instructor')}>
        {c.nombre_instructor ? (
          <Group gap={6} component="span">
            {c.nombre_instructor}
            <Badge size="xs" variant="light" color={c.instructor_interno ? 'teal' : 'grape'}>
              {c.instructor_interno ? t('courses:form.internal') : t('courses:form.external')}
            </Badge>
          </Group>
        ) : null}
      </Fact>
      <Fact label={t('courses:fields.analista')}>{c.nombre_analista}</Fact>
      <Fact label={t('courses:fields.ocupacion')}>
        {t('courses:detail.seats', { taken: c.inscritos, total: c.capacidad, free: c.lugares_disponibles })}
        {c.en_espera > 0 ? ` · ${t('courses:detail.waiting_count', { count: c.en_espera })}` : ''}
      </Fact>
      <Fact label={t('courses:fields.dias_acceso')}>{String(c.dias_acceso)}</Fact>
      <Fact label={t('courses:fields.autoinscripcion')}>{on(c.autoinscripcion) ? t('common:yes') : t('common:no')}</Fact>
      <Fact label={t('courses:fields.lista_asistencia')}>{c.lista_asistencia ? t('common:yes') : t('common:no')}</Fact>
    </SimpleGrid>
  );
}

/** 'Sesiones': dates and times in the company's time zone. */
export function SessionsTab({ course: c }: { course: CursoDetalle }) {
  const { t } = useTranslation('courses');
  const { formatDate } = useFormat();
  if (c.sesiones.length === 0) return <Text c="dimmed">{t('courses:detail.no_sessions')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('courses:fields.fecha')}</Table.Th>
            <Table.Th>{t('courses:fields.hora_inicio')}</Table.Th>
            <Table.Th>{t('courses:fields.hora_fin')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {c.sesiones.map((s) => (
            <Table.Tr key={s.id_sesion}>
              <Table.Td>{s.numero}</Table.Td>
              <Table.Td>{formatDate(s.fecha, 'EEEE P')}</Table.Td>
              <Table.Td>{s.hora_inicio.slice(0, 5)}</Table.Td>
              <Table.Td>{s.hora_fin.slice(0, 5)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'Costos': the five costs and the total, in the course's currency. */
export function CostsTab({ course: c }: { course: CursoDetalle }) {
  const { t } = useTranslation('courses');
  const { language } = useFormat();
  const money = (centavos: number) => formatNumberIn(language, centavos / 100, { style: 'currency', currency: c.moneda || 'MXN' });
  return (
    <Stack gap="xs" maw={480}>
      <Group justify="space-between">
        <Text size="sm">{t('courses:fields.tipo_cambio')}</Text>
        <Text size="sm">{formatNumberIn(language, c.tipo_cambio, { maximumFractionDigits: 4 })}</Text>
      </Group>
      {COST_FIELDS.map((f) => (
        <Group key={f} justify="space-between">
          <Text size="sm">{t(`courses:fields.${f}`)}</Text>
          <Text size="sm">{money(c[f])}</Text>
        </Group>
      ))}
      <Divider />
      <Group justify="space-between">
        <Text fw={700}>{t('courses:fields.costo_total')}</Text>
        <Text fw={700}>{money(c.costo_total)}</Text>
      </Group>
    </Stack>
  );
}
