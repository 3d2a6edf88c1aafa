import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useLayoutEffect, useRef, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fuente, Funcion } from '../api/types';
import { MAX_TOTALS, columnOf, functionsOf, type BuilderAction, type TotalDraft } from './definition';
import { SectionCard } from './section-card';

export interface TotalsSectionProps {
  fuente: Fuente;
  totales: TotalDraft[];
  dispatch: Dispatch<BuilderAction>;
}

/** 'Totales': a column and one of the functions it allows (conteo, suma, promedio, porcentaje). */
export function TotalsSection({ fuente, totales, dispatch }: TotalsSectionProps) {
  const { t } = useTranslation('report-builder');
  const totalable = fuente.columnas.filter((c) => c.funciones.length > 0);
  const full = totales.length >= MAX_TOTALS;
  const list = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'added' | 'removed' | null>(null);
  useLayoutEffect(() => {
    const what = focusAfter.current;
    focusAfter.current = null;
    if (what === 'added') list.current?.querySelector<HTMLInputElement>('li:last-child [data-testid="builder-total-column"]')?.focus();
    else if (what === 'removed') addButton.current?.focus();
  }, [totales.length]);

  return (
    <SectionCard
      title={t('totals.title')}
      intro={t('totals.intro')}
      testId="builder-totals"
      actions={
        <Button
          ref={addButton}
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={full || totalable.length === 0}
          onClick={() => {
            focusAfter.current = 'added';
            dispatch({ type: 'add_total' });
          }}
        >
          {t('totals.add')}
        </Button>
      }
    >
      {totales.length === 0 ? (
        <Text size="sm" c="dimmed">
          {totalable.length === 0 ? t('totals.none_totalable') : t('totals.none')}
        </Text>
      ) : (
        <Stack ref={list} component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('totals.title')}>
          {totales.map((total, i) => {
            const columna = columnOf(fuente, total.columna);
            const n = i + 1;
            return (
              <Group component="li" key={total.id} gap="xs" align="flex-end" wrap="nowrap" data-testid="builder-total">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" style={{ flex: 1, minWidth: 0 }}>
                  <Select
                    label={t('totals.column', { n })}
                    data={totalable.map((c) => ({ value: c.clave, label: c.titulo }))}
                    value={total.columna}
                    onChange={(v) => dispatch({ type: 'total_column', id: total.id, columna: columnOf(fuente, v) ?? null })}
                    searchable
                    allowDeselect={false}
                    nothingFoundMessage={t('filters.no_option')}
                    comboboxProps={{ withinPortal: true }}
                    data-testid="builder-total-column"
                  />
                  <Select
                    label={t('totals.function', { n })}
                    // The same total twice is refused: a function another row already takes on this column is not offered.
                    data={functionsOf(columna).map((f) => ({
                      value: f,
                      label: t(`functions.${f}`),
                      disabled: totales.some((o) => o.id !== total.id && o.columna === total.columna && o.funcion === f),
                    }))}
                    value={total.funcion}
                    onChange={(v) => dispatch({ type: 'total_function', id: total.id, funcion: (v as Funcion | null) ?? null })}
                    disabled={!columna}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    data-testid="builder-total-function"
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={t('totals.remove', { n })}
                  onClick={() => {
                    focusAfter.current = 'removed';
                    dispatch({ type: 'remove_total', id: total.id });
                  }}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      )}
      {full && (
        <Text size="xs" c="dimmed">
          {t('totals.full', { max: MAX_TOTALS })}
        </Text>
      )}
    </SectionCard>
  );
}
