import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import { COUNT_VISIBLE_ABOVE, PAGE_SIZES } from './query';

export interface TablePagerProps {
  page: number;
  total: number;
  count: number;
  pageSize: number;
  selected: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** Page-size selector, record count (only above 10 records) and first/last/ellipsis pager. */
export function TablePager({ page, total, count, pageSize, selected, onPage, onPageSize }: TablePagerProps) {
  const { t } = useTranslation('common');
  const { formatNumber } = useFormat();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="sm">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" component="label" htmlFor="table-page-size">
          {t('table.rows_per_page')}
        </Text>
        <Select
          id="table-page-size"
          size="xs"
          w={80}
          data={PAGE_SIZES.map((s) => ({ value: String(s), label: String(s) }))}
          value={String(pageSize)}
          onChange={(v) => v && onPageSize(Number(v))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {count > COUNT_VISIBLE_ABOVE && (
          <Text size="sm" c="dimmed" data-testid="table-count">
            {t('table.records', { count, formatted: formatNumber(count) })}
          </Text>
        )}
        {selected > 0 && (
          <Text size="sm" fw={600} c="brand">
            {t('table.selected', { count: selected, formatted: formatNumber(selected) })}
          </Text>
        )}
      </Group>
      <Pagination
        total={total}
        value={page}
        onChange={onPage}
        withEdges
        siblings={1}
        boundaries={1}
        size="sm"
        aria-label={t('table.pager')}
        getControlProps={(control) => ({ 'aria-label': t(`table.pager_${control}`) })}
        getItemProps={(p) => ({ 'aria-label': t('table.pager_page', { page: p }), 'aria-current': p === page ? 'page' : undefined })}
      />
    </Group>
  );
}
