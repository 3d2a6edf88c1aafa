import { ActionIcon, Badge, Group, Paper, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tooltip.css';
import { IconEdit, IconListNumbers } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActiveBadge } from '@/components/badges';
import { AverageRating } from '@/components/rating';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { formatPrice } from '@/components/forms';
import { useScreenChrome } from '@/components/page-chrome';
import { isOn } from '@/lib/flags';
import { formatDateIn, useFormat } from '@/lib/i18n/use-format';
import { BLOCKS_TABLE_URL, type BlockRow } from '../api/blocks-table';
import { BlockDrawer } from './block-drawer';
import { BLOCK_TABS, type BlockTab } from './block-tabs';
import { EnrolPreviewModal } from './enrol-preview-modal';
import { ModalityBadge } from './modality-badge';

/** Search parameters of the screen: `bloque` = 'nuevo' | key (the drawer), `pestana` = its tab. */
export const BLOCK_PARAM = 'bloque';
export const TAB_PARAM = 'pestana';
export const NEW_BLOCK = 'nuevo';

function parseTarget(value: string | null): 'nuevo' | number | null {
  if (value === NEW_BLOCK) return NEW_BLOCK;
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** /menu/bloques_cursos: the course blocks, their form, their ordered topics and the enrolment check. */
export function BlocksScreen() {
  const { t } = useTranslation(['blocks', 'common']);
  const { language } = useFormat();
  const [params, setParams] = useSearchParams();
  const [enrol, setEnrol] = useState<{ id_bloque: number; nombre_bloque: string } | null>(null);
  const table = useRef<DataTableHandle>(null);

  const target = parseTarget(params.get(BLOCK_PARAM));
  const rawTab = params.get(TAB_PARAM);
  const tab: BlockTab = (BLOCK_TABS as readonly string[]).includes(rawTab ?? '') ? (rawTab as BlockTab) : 'datos';

  // The drawer lives in the address, so it survives a reload and Back closes it.
  const openBlock = (next: 'nuevo' | number, nextTab: BlockTab = 'datos', replace = false) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set(BLOCK_PARAM, String(next));
        if (nextTab !== 'datos') p.set(TAB_PARAM, nextTab);
        else p.delete(TAB_PARAM);
        return p;
      },
      { replace },
    );
  const closeBlock = () =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.delete(BLOCK_PARAM);
      p.delete(TAB_PARAM);
      return p;
    });
  const changeTab = (next: BlockTab) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === 'datos') p.delete(TAB_PARAM);
        else p.set(TAB_PARAM, next);
        return p;
      },
      { replace: true },
    );

  const refresh = () => table.current?.refresh();

  useScreenChrome({
    onUpdate: refresh,
    onNew: () => openBlock(NEW_BLOCK),
    newLabel: t('blocks:new_block'),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });

  const columns = useMemo<DataTableColumn<BlockRow>[]>(() => {
    const date = (value: string | null) => (value ? formatDateIn(language, value, 'P') || value : '—');
    const capacity = (value: number | null) => (!value ? t('blocks:unlimited') : String(value));
    return [
      { field: 'id_bloque', header: t('blocks:fields.clave'), width: 80 },
      { field: 'nombre_bloque', header: t('blocks:fields.nombre_bloque') },
      { field: 'nombre_tipo_bloque', header: t('blocks:fields.id_tipo_bloque') },
      {
        field: 'precio',
        header: t('blocks:fields.precio'),
        align: 'right',
        cell: (row) =>
          (row.precio ?? 0) > 0 ? (
            formatPrice(row.precio, language, t('blocks:free'))
          ) : (
            <Badge color="teal" variant="light">
              {t('blocks:free')}
            </Badge>
          ),
        printValue: (row) => formatPrice(row.precio, language, t('blocks:free')),
      },
      { field: 'fecha_inicio', header: t('blocks:fields.fecha_inicio'), cell: (row) => date(row.fecha_inicio), printValue: (row) => date(row.fecha_inicio) },
      { field: 'fecha_fin', header: t('blocks:fields.fecha_fin'), cell: (row) => date(row.fecha_fin), printValue: (row) => date(row.fecha_fin) },
      {
        field: 'capacidad_asistencia',
        header: t('blocks:fields.capacidad_short'),
        align: 'right',
        cell: (row) => capacity(row.capacidad_asistencia),
        printValue: (row) => capacity(row.capacidad_asistencia),
      },
      { field: 'total_temas', header: t('blocks:fields.total_temas'), align: 'right', width: 90 },
      {
        field: 'rating',
        header: t('blocks:fields.rating'),
        cell: (row) => <AverageRating rating={row.rating} votos={row.votos} size="xs" />,
        printValue: (row) => (row.rating != null && (row.votos ?? 0) > 0 ? `${row.rating} (${row.votos})` : ''),
        width: 150,
      },
      {
        field: 'modalidad',
        header: t('blocks:fields.modalidad'),
        cell: (row) => <ModalityBadge value={row.total_temas === 0 ? null : row.modalidad} />,
        printValue: (row) => (row.modalidad ? t(`blocks:modalities.${row.modalidad}`, { defaultValue: row.modalidad }) : t('blocks:modalities.none')),
      },
      {
        field: 'activo',
        header: t('blocks:fields.activo'),
        cell: (row) => <ActiveBadge value={row.activo} />,
        printValue: (row) => (isOn(row.activo) ? t('blocks:status.active') : t('blocks:status.inactive')),
        width: 110,
      },
    ];
  }, [t, language]);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <DataTable<BlockRow>
        ref={table}
        url={BLOCKS_TABLE_URL}
        title={t('blocks:title')}
        columns={columns}
        rowKey={(row) => row.id_bloque}
        defaultSort={{ field: 'nombre_bloque', direction: 'asc' }}
        onRowClick={(row) => openBlock(row.id_bloque)}
        rowActions={(row) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('blocks:edit')} withinPortal>
              <ActionIcon variant="subtle" color="gray" aria-label={t('blocks:edit_row', { name: row.nombre_bloque })} onClick={() => openBlock(row.id_bloque)}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('blocks:topics.title')} withinPortal>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('blocks:topics.of_block', { name: row.nombre_bloque })}
                onClick={() => openBlock(row.id_bloque, 'temas')}
              >
                <IconListNumbers size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
        emptyMessage={t('blocks:empty')}
      />
      <BlockDrawer
        target={target}
        tab={tab}
        onTabChange={changeTab}
        onClose={closeBlock}
        onCreated={(id) => {
          refresh();
          // A new block's next step is its topics; Back skips the empty form.
          openBlock(id, 'temas', true);
        }}
        onChanged={refresh}
        onEnrol={setEnrol}
      />
      <EnrolPreviewModal block={enrol} onClose={() => setEnrol(null)} />
    </Paper>
  );
}
