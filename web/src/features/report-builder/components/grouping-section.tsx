import { Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fuente } from '../api/types';
import { COUNT_COLUMN, MAX_GROUPS, columnOf, effectiveOrder, sortableColumns, totalKey, type BuilderAction, type BuilderState } from './definition';
import { SectionCard } from './section-card';

export interface GroupingSectionProps {
  fuente: Fuente;
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
}

/**
 * 'Agrupar y ordenar': up to three grouping levels among the groupable columns (a grouped
 * report has a row per group, with its count and totals), and the rows' order.
 */
export function GroupingSection({ fuente, state, dispatch }: GroupingSectionProps) {
  const { t } = useTranslation('report-builder');
  const groupable = fuente.columnas.filter((c) => c.agrupable);
  // A level is offered once the one before it is chosen.
  const levels = Math.min(MAX_GROUPS, state.agrupar.length + 1);
  const sortable = sortableColumns(state, fuente);
  const orden = effectiveOrder(state, fuente);
  // A grouped result's count and totals have the names the server gives them ('Suma de …').
  const totalTitles = new Map(
    state.totales.flatMap((r) =>
      r.columna && r.funcion
        ? [[totalKey({ columna: r.columna, funcion: r.funcion }), t('order.total', { funcion: t(`functions.${r.funcion}`), columna: columnOf(fuente, r.columna)?.titulo ?? r.columna })] as const]
        : [],
    ),
  );
  const titleOf = (clave: string) =>
    state.agrupar.length > 0 && clave === COUNT_COLUMN ? t('order.count') : (totalTitles.get(clave) ?? columnOf(fuente, clave)?.titulo ?? clave);

  return (
    <SectionCard title={t('grouping.title')} intro={t('grouping.intro', { max: MAX_GROUPS })} testId="builder-grouping">
      <Stack gap="sm">
        {groupable.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('grouping.none_groupable')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3, lg: 2 }} spacing="sm">
            {Array.from({ length: levels }, (_, level) => {
              const value = state.agrupar[level] ?? null;
              // A column already used by another level is not offered again.
              const taken = state.agrupar.filter((_, i) => i !== level);
              return (
                <Select
                  key={level}
                  label={t(`grouping.level_${level + 1}`)}
                  data={groupable.filter((c) => !taken.includes(c.clave)).map((c) => ({ value: c.clave, label: c.titulo }))}
                  value={value}
                  onChange={(clave) => dispatch({ type: 'group', level, clave })}
                  placeholder={t('grouping.no_group')}
                  clearable
                  comboboxProps={{ withinPortal: true }}
                  data-testid={`builder-group-${level + 1}`}
                />
              );
            })}
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('order.column')}
            description={state.agrupar.length > 0 ? t('order.grouped_hint') : undefined}
            data={sortable.map((clave) => ({ value: clave, label: titleOf(clave) }))}
            value={orden?.columna ?? null}
            onChange={(columna) => dispatch({ type: 'order', orden: columna ? { columna, descendente: orden?.descendente ?? false } : null })}
            placeholder={t('order.none')}
            clearable
            searchable
            nothingFoundMessage={t('filters.no_option')}
            disabled={sortable.length === 0}
            comboboxProps={{ withinPortal: true }}
            data-testid="builder-order-column"
          />
          <Switch
            label={t('order.descending')}
            checked={orden?.descendente ?? false}
            disabled={!orden}
            onChange={(e) => orden && dispatch({ type: 'order', orden: { ...orden, descendente: e.currentTarget.checked } })}
            mt={{ base: 0, sm: 28 }}
          />
        </SimpleGrid>
      </Stack>
    </SectionCard>
  );
}
