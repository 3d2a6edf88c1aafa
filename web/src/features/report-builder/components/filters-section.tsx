import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFilterPlus, IconTrash } from '@tabler/icons-react';
import { useLayoutEffect, useRef, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fuente, Operador } from '../api/types';
import { MAX_FILTERS, columnOf, filterComplete, operatorsOf, takesNoValue, type BuilderAction, type FilterDraft } from './definition';
import { FilterValue } from './filter-value';
import { SectionCard } from './section-card';

export interface FiltersSectionProps {
  fuente: Fuente;
  filtros: FilterDraft[];
  dispatch: Dispatch<BuilderAction>;
}

/** One filter: column, one of the operators that column allows, and its value(s). */
function FilterRow({ fuente, filtro, index, dispatch }: { fuente: Fuente; filtro: FilterDraft; index: number; dispatch: Dispatch<BuilderAction> }) {
  const { t } = useTranslation('report-builder');
  const columna = columnOf(fuente, filtro.columna);
  const filterable = fuente.columnas.filter((c) => c.operadores.length > 0);
  const n = index + 1;
  const between = filtro.operador === 'entre';
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="builder-filter">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {t('filters.row', { n })}
          </Text>
          <ActionIcon variant="subtle" color="red" aria-label={t('filters.remove', { n })} onClick={() => dispatch({ type: 'remove_filter', id: filtro.id })}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: between ? 4 : 3 }} spacing="sm" verticalSpacing="xs">
          <Select
            label={t('filters.column')}
            data={filterable.map((c) => ({ value: c.clave, label: c.titulo }))}
            value={filtro.columna}
            onChange={(v) => dispatch({ type: 'filter_column', id: filtro.id, columna: columnOf(fuente, v) ?? null })}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('filters.no_option')}
            comboboxProps={{ withinPortal: true }}
            data-testid="builder-filter-column"
          />
          <Select
            label={t('filters.operator')}
            data={operatorsOf(columna).map((o) => ({ value: o, label: t(`operators.${o}`) }))}
            value={filtro.operador}
            onChange={(v) => dispatch({ type: 'filter_operator', id: filtro.id, operador: (v as Operador | null) ?? null })}
            disabled={!columna}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="builder-filter-operator"
          />
          {columna && filtro.operador && !takesNoValue(filtro.operador) && (
            <FilterValue
              columna={columna}
              operador={filtro.operador}
              label={between ? t('filters.from') : t('filters.value')}
              value={filtro.valor}
              onChange={(valor) => dispatch({ type: 'filter_value', id: filtro.id, valor })}
              testId="builder-filter-value"
            />
          )}
          {columna && between && (
            <FilterValue
              columna={columna}
              operador="entre"
              label={t('filters.to')}
              value={filtro.valor2}
              onChange={(valor2) => dispatch({ type: 'filter_value', id: filtro.id, valor2 })}
              testId="builder-filter-value2"
            />
          )}
        </SimpleGrid>
        {!filterComplete(filtro) && (
          <Text size="xs" c="dimmed" data-testid="builder-filter-unfinished">
            {t('filters.unfinished')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** 'Filtros': rows of column, operator and value; a row applies once it is complete. */
export function FiltersSection({ fuente, filtros, dispatch }: FiltersSectionProps) {
  const { t } = useTranslation('report-builder');
  const full = filtros.length >= MAX_FILTERS;
  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'added' | 'removed' | null>(null);
  // A new row takes the focus on its column; a removed one gives it to 'Agregar filtro'.
  useLayoutEffect(() => {
    const what = focusAfter.current;
    focusAfter.current = null;
    if (what === 'added') list.current?.querySelector<HTMLInputElement>('li:last-child [data-testid="builder-filter-column"]')?.focus();
    else if (what === 'removed') addButton.current?.focus();
  }, [filtros.length]);
  const send = (action: BuilderAction) => {
    if (action.type === 'add_filter') focusAfter.current = 'added';
    if (action.type === 'remove_filter') focusAfter.current = 'removed';
    dispatch(action);
  };
  return (
    <SectionCard
      title={t('filters.title')}
      intro={t('filters.intro')}
      testId="builder-filters"
      actions={
        <Button ref={addButton} variant="light" size="xs" leftSection={<IconFilterPlus size={16} aria-hidden />} disabled={full} onClick={() => send({ type: 'add_filter' })}>
          {t('filters.add')}
        </Button>
      }
    >
      {filtros.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('filters.none')}
        </Text>
      ) : (
        <Stack ref={list} component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('filters.title')}>
          {filtros.map((f, i) => (
            <FilterRow key={f.id} fuente={fuente} filtro={f} index={i} dispatch={send} />
          ))}
        </Stack>
      )}
      {full && (
        <Text size="xs" c="dimmed">
          {t('filters.full', { max: MAX_FILTERS })}
        </Text>
      )}
    </SectionCard>
  );
}
