import { ActionIcon, Box, Button, Checkbox, Grid, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Grid.css';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useId, useLayoutEffect, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { Fuente } from '../api/types';
import { MAX_COLUMNS, type BuilderAction } from './definition';
import { SectionCard } from './section-card';

export interface ColumnsSectionProps {
  fuente: Fuente;
  /** The layout is grouped: its rows are groups, not these columns. */
  grouped: boolean;
  /** The chosen columns, in display order. */
  columnas: string[];
  dispatch: Dispatch<BuilderAction>;
}

type Move = { clave: string; by: -1 | 1 };

/**
 * 'Columnas': a box per column of the source (a ticked one goes last), and the chosen ones in
 * display order, each with 'Subir', 'Bajar' and 'Quitar'. The focus stays on the button that
 * moved its column (or its twin once the column reached an end), and the new place is
 * announced.
 */
export function ColumnsSection({ fuente, grouped, columnas, dispatch }: ColumnsSectionProps) {
  const { t } = useTranslation('report-builder');
  const availableId = useId();
  const orderId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const pendingFocus = useRef<Move | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const titles = new Map(fuente.columnas.map((c) => [c.clave, c.titulo]));
  const full = columnas.length >= MAX_COLUMNS;

  useLayoutEffect(() => {
    const move = pendingFocus.current;
    if (!move) return;
    pendingFocus.current = null;
    const index = columnas.indexOf(move.clave);
    const atEnd = move.by === -1 ? index === 0 : index === columnas.length - 1;
    const direction = atEnd ? (move.by === -1 ? 'down' : 'up') : move.by === -1 ? 'up' : 'down';
    buttons.current.get(`${move.clave}:${direction}`)?.focus();
  }, [columnas]);

  const move = (clave: string, by: -1 | 1) => {
    const to = columnas.indexOf(clave) + by;
    if (to < 0 || to >= columnas.length) return;
    pendingFocus.current = { clave, by };
    dispatch({ type: 'move_column', clave, by });
    setAnnouncement(t('columns.moved', { column: titles.get(clave) ?? clave, position: to + 1, total: columnas.length }));
  };

  const remove = (clave: string, index: number) => {
    dispatch({ type: 'toggle_column', clave, checked: false });
    setAnnouncement(t('columns.removed', { column: titles.get(clave) ?? clave }));
    // The focus goes to the next column's 'Quitar' (the previous one's for the last), else to its box.
    const next = columnas[index + 1] ?? columnas[index - 1];
    requestAnimationFrame(() => {
      const target = next ? buttons.current.get(`${next}:remove`) : document.getElementById(`${availableId}-${clave}`);
      target?.focus();
    });
  };

  return (
    <SectionCard title={t('columns.title')} intro={t('columns.intro', { max: MAX_COLUMNS })} testId="builder-columns">
      {grouped && (
        <Text size="sm" c="blue.8" data-testid="builder-columns-grouped">
          {t('columns.grouped_note')}
        </Text>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
            <Text component="legend" fw={600} size="sm" mb="xs" id={availableId}>
              {t('columns.available')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="xs" verticalSpacing={6}>
              {fuente.columnas.map((c) => {
                const checked = columnas.includes(c.clave);
                return (
                  <Checkbox
                    key={c.clave}
                    id={`${availableId}-${c.clave}`}
                    label={c.titulo}
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(e) => dispatch({ type: 'toggle_column', clave: c.clave, checked: e.currentTarget.checked })}
                  />
                );
              })}
            </SimpleGrid>
            {full && (
              <Text size="xs" c="dimmed" mt="xs">
                {t('columns.full', { max: MAX_COLUMNS })}
              </Text>
            )}
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Title order={3} size="sm" fw={600} mb="xs" id={orderId}>
            {t('columns.order')}
          </Title>
          {columnas.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="builder-columns-none">
              {t('columns.none')}
            </Text>
          ) : (
            <Stack component="ol" gap={6} p={0} m={0} aria-labelledby={orderId} style={{ listStyle: 'none' }} data-testid="builder-column-order">
              {columnas.map((clave, i) => {
                const title = titles.get(clave) ?? clave;
                return (
                  <Paper component="li" key={clave} withBorder radius="sm" px="xs" py={4} data-testid="builder-column-item">
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        <Text span c="dimmed" size="xs" mr={6} aria-hidden>
                          {i + 1}.
                        </Text>
                        {title}
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          ref={(el) => void buttons.current.set(`${clave}:up`, el)}
                          size="compact-xs"
                          variant="default"
                          leftSection={<IconArrowUp size={12} aria-hidden />}
                          aria-label={t('columns.up', { column: title })}
                          disabled={i === 0}
                          onClick={() => move(clave, -1)}
                        >
                          {t('columns.up_short')}
                        </Button>
                        <Button
                          ref={(el) => void buttons.current.set(`${clave}:down`, el)}
                          size="compact-xs"
                          variant="default"
                          leftSection={<IconArrowDown size={12} aria-hidden />}
                          aria-label={t('columns.down', { column: title })}
                          disabled={i === columnas.length - 1}
                          onClick={() => move(clave, 1)}
                        >
                          {t('columns.down_short')}
                        </Button>
                        <ActionIcon
                          ref={(el) => void buttons.current.set(`${clave}:remove`, el)}
                          variant="subtle"
                          color="gray"
                          aria-label={t('columns.remove', { column: title })}
                          onClick={() => remove(clave, i)}
                        >
                          <IconX size={14} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          )}
        </Grid.Col>
      </Grid>
      <VisuallyHidden role="status" aria-live="polite" data-testid="builder-columns-status">
        {announcement}
      </VisuallyHidden>
    </SectionCard>
  );
}
