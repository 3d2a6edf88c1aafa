import { ActionIcon, Badge, Button, Paper, Tabs, Text, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Tooltip.css';
import { IconBook2, IconEdit, IconFolders } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActiveBadge } from '@/components/badges';
import { AverageRating } from '@/components/rating';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { formatPrice } from '@/components/forms';
import { useScreenChrome } from '@/components/page-chrome';
import { isOn } from '@/lib/flags';
import { useFormat } from '@/lib/i18n/use-format';
import { TOPIC_GROUPS_TABLE_URL, type TopicGroupRow } from '../api/topic-groups-table';
import { TOPICS_TABLE_URL, type TopicRow } from '../api/topics-table';
import { TopicDrawer } from './topic-drawer';
import { TopicGroupFormModal } from './topic-group-form-modal';
import { DETAIL_TABS, type DetailTab } from './topic-tabs';

const SCREEN_TABS = ['temas', 'grupos'] as const;
type ScreenTab = (typeof SCREEN_TABS)[number];
const TAB_ICONS = { temas: IconBook2, grupos: IconFolders } as const;

/** Search parameters of the screen: `tema` = 'nuevo' | key (the drawer), `pestana` = its tab. */
export const TOPIC_PARAM = 'tema';
export const TAB_PARAM = 'pestana';
export const NEW_TOPIC = 'nuevo';

function parseTarget(value: string | null): 'nuevo' | number | null {
  if (value === NEW_TOPIC) return NEW_TOPIC;
  const cve = Number(value);
  return value && Number.isInteger(cve) && cve > 0 ? cve : null;
}

/** /menu/listar_temas: the topics (with create, detail, questions, activities) and the topic groups. */
export function TopicsScreen() {
  const { t } = useTranslation(['topics', 'common']);
  const { language } = useFormat();
  const [tab, setTab] = useState<ScreenTab>('temas');
  const [group, setGroup] = useState<{ row: TopicGroupRow | null } | null>(null);
  const [params, setParams] = useSearchParams();
  const table = useRef<DataTableHandle>(null);

  const target = parseTarget(params.get(TOPIC_PARAM));
  const rawTab = params.get(TAB_PARAM);
  const detailTab: DetailTab = (DETAIL_TABS as readonly string[]).includes(rawTab ?? '') ? (rawTab as DetailTab) : 'datos';

  // The drawer lives in the address, so it survives a reload and Back closes it.
  const openTopic = (next: 'nuevo' | number, nextTab?: DetailTab, replace = false) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set(TOPIC_PARAM, String(next));
        if (nextTab && nextTab !== 'datos') p.set(TAB_PARAM, nextTab);
        else p.delete(TAB_PARAM);
        return p;
      },
      { replace },
    );
  const closeTopic = () =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.delete(TOPIC_PARAM);
      p.delete(TAB_PARAM);
      return p;
    });
  const changeDetailTab = (next: DetailTab) =>
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
    onNew: () => (tab === 'temas' ? openTopic(NEW_TOPIC) : setGroup({ row: null })),
    newLabel: tab === 'temas' ? t('topics:new_topic') : t('topics:groups.new'),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });

  const topicColumns = useMemo<DataTableColumn<TopicRow>[]>(() => {
    const yesNo = (value: unknown) => (isOn(value) ? t('common:yes') : t('common:no'));
    return [
      { field: 'cve_tema', header: t('topics:fields.clave'), width: 80 },
      { field: 'abreviatura', header: t('topics:fields.abreviatura'), width: 120 },
      { field: 'nombre_tema', header: t('topics:fields.nombre_tema') },
      { field: 'area', header: t('topics:fields.area') },
      {
        field: 'tipo',
        header: t('topics:fields.tipo'),
        cell: (row) => (row.tipo ? t(`topics:types.${row.tipo}`, { defaultValue: row.tipo }) : '—'),
      },
      {
        field: 'modalidad',
        header: t('topics:fields.modalidad'),
        cell: (row) => (row.modalidad ? t(`topics:modalities.${row.modalidad}`, { defaultValue: row.modalidad }) : '—'),
        printValue: (row) => (row.modalidad ? t(`topics:modalities.${row.modalidad}`, { defaultValue: row.modalidad }) : ''),
      },
      { field: 'horas', header: t('topics:fields.horas'), align: 'right', width: 80 },
      { field: 'preguntas', header: t('topics:fields.preguntas'), align: 'right', width: 100 },
      {
        field: 'precio',
        header: t('topics:fields.precio'),
        align: 'right',
        cell: (row) =>
          (row.precio ?? 0) > 0 ? (
            formatPrice(row.precio, language, t('topics:free'))
          ) : (
            <Badge color="teal" variant="light">
              {t('topics:free')}
            </Badge>
          ),
        printValue: (row) => formatPrice(row.precio, language, t('topics:free')),
      },
      {
        field: 'rating',
        header: t('topics:fields.rating'),
        cell: (row) => <AverageRating rating={row.rating} votos={row.votos} size="xs" />,
        printValue: (row) => (row.rating != null && (row.votos ?? 0) > 0 ? `${row.rating} (${row.votos})` : ''),
        width: 150,
      },
      {
        field: 'ecommerce',
        header: t('topics:fields.ecommerce_short'),
        cell: (row) => <Text size="sm">{yesNo(row.ecommerce)}</Text>,
        printValue: (row) => yesNo(row.ecommerce),
        width: 100,
      },
      {
        field: 'activo',
        header: t('topics:fields.activo'),
        cell: (row) => <ActiveBadge value={row.activo} />,
        printValue: (row) => (isOn(row.activo) ? t('topics:status.active') : t('topics:status.inactive')),
        width: 110,
      },
    ];
  }, [t, language]);

  const groupColumns = useMemo<DataTableColumn<TopicGroupRow>[]>(
    () => [
      { field: 'id_grupo', header: t('topics:fields.clave'), width: 80 },
      { field: 'nombre', header: t('topics:groups.fields.nombre') },
      { field: 'descripcion', header: t('topics:groups.fields.descripcion') },
      { field: 'total_temas', header: t('topics:groups.fields.total_temas'), align: 'right', width: 110 },
      {
        field: 'activo',
        header: t('topics:fields.activo'),
        cell: (row) => <ActiveBadge value={row.activo} />,
        printValue: (row) => (isOn(row.activo) ? t('topics:status.active') : t('topics:status.inactive')),
        width: 110,
      },
    ],
    [t],
  );

  const title = `${t('topics:title')} · ${t(`topics:tabs.${tab}`)}`;

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Tabs value={tab} onChange={(v) => v && setTab(v as ScreenTab)} keepMounted={false} mb="md">
        <Tabs.List>
          {SCREEN_TABS.map((v) => {
            const Icon = TAB_ICONS[v];
            return (
              <Tabs.Tab key={v} value={v} leftSection={<Icon size={16} aria-hidden />}>
                {t(`topics:tabs.${v}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      {tab === 'temas' && (
        <DataTable<TopicRow>
          key="temas"
          ref={table}
          url={TOPICS_TABLE_URL}
          title={title}
          columns={topicColumns}
          rowKey={(row) => row.cve_tema}
          defaultSort={{ field: 'nombre_tema', direction: 'asc' }}
          onRowClick={(row) => openTopic(row.cve_tema)}
          rowActions={(row) => (
            <Button size="compact-sm" variant="light" aria-label={t('topics:view_row', { name: row.nombre_tema })} onClick={() => openTopic(row.cve_tema)}>
              {t('topics:view')}
            </Button>
          )}
          emptyMessage={t('topics:empty.temas')}
        />
      )}
      {tab === 'grupos' && (
        <DataTable<TopicGroupRow>
          key="grupos"
          ref={table}
          url={TOPIC_GROUPS_TABLE_URL}
          title={title}
          columns={groupColumns}
          rowKey={(row) => row.id_grupo}
          defaultSort={{ field: 'nombre', direction: 'asc' }}
          rowActions={(row) => (
            <Tooltip label={t('topics:edit')} withinPortal>
              <ActionIcon variant="subtle" color="gray" aria-label={t('topics:edit_row', { name: row.nombre })} onClick={() => setGroup({ row })}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          emptyMessage={t('topics:empty.grupos')}
        />
      )}
      <TopicDrawer
        target={target}
        tab={detailTab}
        onTabChange={changeDetailTab}
        onClose={closeTopic}
        onCreated={(cve) => {
          refresh();
          // The new topic's next step is its question bank; Back skips the empty form.
          openTopic(cve, 'preguntas', true);
        }}
        onChanged={refresh}
      />
      <TopicGroupFormModal opened={group !== null} group={group?.row ?? null} onClose={() => setGroup(null)} onSaved={refresh} />
    </Paper>
  );
}
