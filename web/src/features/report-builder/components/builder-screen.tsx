import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { useScreenChrome } from '@/components/page-chrome';
import { ListError } from '@/components/states/list-states';
import { exportDefinition } from '../api/export-definition';
import { queueDefinitionExport } from '../api/queue-definition-export';
import { useDefinitionRun } from '../api/run-definition';
import { savedReportKey, useSavedReport } from '../api/saved-report';
import { SAVED_REPORTS_KEY } from '../api/saved-reports';
import { useSources } from '../api/sources';
import type { DefinicionReporte, Fuente, ReporteGuardado } from '../api/types';
import { ColumnsSection } from './columns-section';
import { EMPTY_STATE, builderReducer, columnOf, fromDefinition, toDefinition } from './definition';
import { ExportMenu } from './export-menu';
import { FiltersSection } from './filters-section';
import { GroupingSection } from './grouping-section';
import { ReportResult } from './report-result';
import { SaveDialog } from './save-dialog';
import type { SaveValues } from './save-schema';
import { SectionCard } from './section-card';
import { SourceSection } from './source-section';
import { TotalsSection } from './totals-section';

/** How long the preview waits after the last change before asking again. */
export const PREVIEW_DELAY_MS = 400;

/** A positive whole id out of the address, else null. */
function parseId(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

interface BuilderProps {
  sources: Fuente[];
  /** The saved layout the address names (?id=N), loaded; null for a new report. */
  report: ReporteGuardado | null;
  /** A new layout was saved: its id goes into the address. */
  onCreated: (id: number) => void;
}

/** What the save dialog starts from. */
function metaOf(report: ReporteGuardado | null): { id: number | null; values: SaveValues } {
  if (!report) return { id: null, values: { nombre: '', descripcion: '', perfiles: [] } };
  // A layout one may not change is saved as a new one of one's own.
  return {
    id: report.puede_editar ? report.id_reporte : null,
    values: { nombre: report.nombre, descripcion: report.descripcion, perfiles: report.puede_editar ? report.perfiles.map(String) : [] },
  };
}

function Builder({ sources, report, onCreated }: BuilderProps) {
  const { t } = useTranslation(['report-builder', 'common']);
  const { mutate } = useSWRConfig();
  const [state, dispatch] = useReducer(builderReducer, report ? fromDefinition(report.definicion) : EMPTY_STATE);
  const [meta, setMeta] = useState(() => metaOf(report));
  const [saving, setSaving] = useState(false);
  const fuente = sources.find((s) => s.clave === state.fuente);

  const built = toDefinition(state, fuente);
  const json = built ? JSON.stringify(built.definicion) : null;
  const [debounced] = useDebouncedValue(json, PREVIEW_DELAY_MS);
  const definicion = useMemo<DefinicionReporte | null>(() => (debounced ? (JSON.parse(debounced) as DefinicionReporte) : null), [debounced]);
  // The page belongs to the layout it was chosen on: another layout starts on page 1.
  const [paging, setPaging] = useState<{ of: string | null; page: number }>({ of: null, page: 1 });
  const page = paging.of === debounced ? paging.page : 1;
  const preview = useDefinitionRun(definicion, page);
  const pending = json !== debounced;
  const settled = !pending && !preview.isValidating && preview.error === undefined && preview.data !== undefined;
  const count = settled && preview.data ? preview.data.pages.cantidad_registros : null;
  const fileTitle = meta.values.nombre || fuente?.nombre || t('report-builder:title');

  const saved = (id: number, values: SaveValues) => {
    const created = meta.id === null;
    setMeta({ id, values });
    setSaving(false);
    void mutate(SAVED_REPORTS_KEY);
    void mutate(savedReportKey(id));
    if (created) onCreated(id);
  };

  return (
    <Stack gap="lg">
      {report && !report.puede_editar && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="builder-copy-note">
          {t('report-builder:editing.copy', { name: report.nombre })}
        </Alert>
      )}
      {meta.id !== null && (
        <Text size="sm" data-testid="builder-editing">
          {t('report-builder:editing.title', { name: meta.values.nombre })}
        </Text>
      )}
      <SourceSection sources={sources} value={state.fuente} onChange={(clave) => dispatch({ type: 'source', fuente: clave })} />
      {state.fuente && !fuente && (
        <Alert color="yellow" variant="light" role="alert">
          {t('report-builder:source.unknown')}
        </Alert>
      )}
      {fuente && (
        <>
          <ColumnsSection fuente={fuente} grouped={state.agrupar.length > 0} columnas={state.columnas} dispatch={dispatch} />
          <FiltersSection fuente={fuente} filtros={state.filtros} dispatch={dispatch} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <GroupingSection fuente={fuente} state={state} dispatch={dispatch} />
            <TotalsSection fuente={fuente} totales={state.totales} dispatch={dispatch} />
          </SimpleGrid>
          <SectionCard
            title={t('report-builder:preview.title')}
            intro={t('report-builder:preview.intro')}
            testId="builder-preview"
            actions={
              <Group gap="xs">
                <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} disabled={!built} onClick={() => setSaving(true)} data-testid="builder-save">
                  {t('report-builder:save.button')}
                </Button>
                {definicion && (
                  <ExportMenu
                    count={count}
                    fileTitle={fileTitle}
                    exportNow={(formato) => exportDefinition(definicion, formato)}
                    queue={(formato) => queueDefinitionExport(definicion, formato)}
                  />
                )}
              </Group>
            }
          >
            {built && built.unfinished > 0 && (
              <Text size="sm" c="dimmed" data-testid="builder-unfinished">
                {t('report-builder:preview.unfinished', { count: built.unfinished })}
              </Text>
            )}
            {!built ? (
              <Text size="sm" c="dimmed" data-testid="builder-preview-none">
                {t('report-builder:preview.none')}
              </Text>
            ) : (
              <ReportResult
                result={preview.data}
                error={preview.error}
                refreshing={pending || preview.isValidating}
                page={page}
                onPage={(p) => setPaging({ of: debounced, page: p })}
                label={t('report-builder:preview.table')}
                errorTitle={t('report-builder:preview.error')}
                onRetry={() => void preview.mutate()}
                typeOf={(clave) => columnOf(fuente, clave)?.tipo}
              />
            )}
          </SectionCard>
        </>
      )}
      {built && (
        <SaveDialog
          opened={saving}
          reportId={meta.id}
          initial={meta.values}
          definicion={built.definicion}
          onClose={() => setSaving(false)}
          onSaved={saved}
        />
      )}
    </Stack>
  );
}

/** The builder's place while the sources (and the layout being edited) load. */
function BuilderSkeleton() {
  const { t } = useTranslation('report-builder');
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t('loading')}>
      <Skeleton height={120} radius="lg" />
      <Skeleton height={240} radius="lg" />
    </Stack>
  );
}

/**
 * /menu/reporteador, 'Reporteador': a report built from a data source — its columns in
 * order, filters, grouping, totals and order — with a live preview; saved (and shared with
 * profiles) as a layout, and exported to Excel, CSV or PDF. `?id=N` edits a saved layout.
 */
export function ReportBuilderScreen() {
  const { t, i18n } = useTranslation('report-builder');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  // The layout this builder has just created is already on screen: it is not loaded again.
  const [created, setCreated] = useState<number | null>(null);
  const [session, setSession] = useState(0);
  const loadsSaved = id !== null && id !== created;
  const sources = useSources(i18n.resolvedLanguage ?? i18n.language);
  const saved = useSavedReport(loadsSaved ? id : null);

  useScreenChrome({
    onNew: () => {
      setCreated(null);
      setSession((s) => s + 1);
      void navigate('/menu/reporteador');
    },
    newLabel: t('new'),
  });

  if (sources.error !== undefined && !sources.data) {
    return <ListError title={t('source.load_error')} error={sources.error} onRetry={() => void sources.mutate()} />;
  }
  if (loadsSaved && saved.error !== undefined && !saved.data) {
    return <ListError title={t('editing.load_error')} error={saved.error} onRetry={() => void saved.mutate()} />;
  }
  if (!sources.data || (loadsSaved && !saved.data)) return <BuilderSkeleton />;

  return (
    <Builder
      key={loadsSaved ? `id-${id}` : `new-${session}`}
      sources={sources.data}
      report={loadsSaved ? (saved.data ?? null) : null}
      onCreated={(newId) => {
        setCreated(newId);
        void navigate(`/menu/reporteador?id=${newId}`, { replace: true });
      }}
    />
  );
}
