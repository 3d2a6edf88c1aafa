import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableHandle } from '@/components/data-table';
import { useScreenChrome } from '@/components/page-chrome';
import { errorMessage } from '@/lib/api/client';
import { useFormat } from '@/lib/i18n/use-format';
import { usePackages } from '../api/packages';
import { PROGRESS_TABLE_URL, topicFilter } from '../api/progress-table';
import type { AvanceScormFila } from '../api/types';
import { progressColumns } from './progress-columns';

/** The url's parameter of the chosen topic. */
const TOPIC_PARAM = 'cve_tema';

/** /menu/scorm_avance: each learner's attempts at the SCORM courses, by topic, exportable. */
export function ProgressScreen() {
  const { t } = useTranslation(['scorm', 'common']);
  const { formatDate, formatNumber } = useFormat();
  const table = useRef<DataTableHandle>(null);
  const [params, setParams] = useSearchParams();
  const packages = usePackages();
  const chosen = params.get(TOPIC_PARAM);
  const topic = chosen && /^\d+$/.test(chosen) ? chosen : null;

  useScreenChrome({
    onUpdate: () => table.current?.refresh(),
    onExportExcel: () => table.current?.exportTo('xlsx'),
  });

  const columns = useMemo(
    () => progressColumns(t, { formatDate, formatNumber }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- formatters change with the language, as `t` does
    [t],
  );
  const filters = useMemo(() => topicFilter(topic), [topic]);
  const options = useMemo(
    () => (packages.data ?? []).map((p) => ({ value: String(p.cve_tema), label: `${p.nombre_tema} · SCORM ${p.version}` })),
    [packages.data],
  );

  const choose = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(TOPIC_PARAM, value);
        else next.delete(TOPIC_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('scorm:progress.hint')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('scorm:progress.topic')}
            placeholder={t('scorm:progress.all_topics')}
            data={options}
            value={topic}
            onChange={choose}
            clearable
            searchable
            nothingFoundMessage={t('common:table.no_data')}
            leftSection={<IconFilter size={16} aria-hidden />}
            w={{ base: '100%', sm: 420 }}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        {packages.error !== undefined && !packages.data && (
          <Alert color="red" variant="light" role="alert" title={t('scorm:progress.topics_error')}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{errorMessage(packages.error)}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void packages.mutate()}>
                {t('common:actions.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        <DataTable<AvanceScormFila>
          ref={table}
          url={PROGRESS_TABLE_URL}
          title={t('scorm:progress.title')}
          columns={columns}
          columnFilters={filters}
          rowKey={(r) => r.id_intento}
          defaultSort={{ field: 'ultimo_acceso', direction: 'desc' }}
          emptyMessage={t('scorm:progress.empty')}
        />
      </Stack>
    </Paper>
  );
}
