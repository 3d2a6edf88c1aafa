import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureMessage } from '@/components/forms';
import { ListSkeleton } from '@/components/states/list-states';
import { SurveyResults } from '@/components/survey-results';
import { useInstructorOptions } from '@/lib/api/shared/instructor-options';
import type { ResultadosEncuesta } from '@/lib/api/shared/survey-results';
import { useTemplateOptions } from '@/lib/api/shared/survey-template-options';
import { topicLabel, useTopicOptions } from '@/lib/api/shared/topic-options';
import { postSurveyResults } from '../api/results';
import { EMPTY_FILTERS as EMPTY, resultsFilter, type ResultsFilters as Filters } from './results-filter';

/** Course survey results across courses, by instructor, topic, template and date range. */
export function ResultsPanel({ pickInstructor }: { pickInstructor: boolean }) {
  const { t } = useTranslation(['surveys', 'common']);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [results, setResults] = useState<ResultadosEncuesta | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const instructors = useInstructorOptions(pickInstructor);
  const topics = useTopicOptions();
  const templates = useTemplateOptions();
  const badRange = !!filters.desde && !!filters.hasta && filters.hasta < filters.desde;
  const set = (patch: Partial<Filters>) => setFilters((prev) => ({ ...prev, ...patch }));

  const search = async () => {
    if (badRange) return;
    setBusy(true);
    setFailure(null);
    try {
      setResults(await postSurveyResults(resultsFilter(filters)));
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm" component="form" aria-label={t('surveys:results.filters')} onSubmit={(e) => { e.preventDefault(); void search(); }}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: pickInstructor ? 5 : 4 }} spacing="sm">
            {pickInstructor && (
              <Select
                label={t('surveys:results.instructor')}
                data={(instructors.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
                value={filters.instructor}
                onChange={(instructor) => set({ instructor })}
                searchable
                clearable
                placeholder={t('surveys:results.all')}
                nothingFoundMessage={t('surveys:no_results')}
              />
            )}
            <Select
              label={t('surveys:results.tema')}
              data={(topics.data ?? []).map((x) => ({ value: String(x.cve_tema), label: topicLabel(x) }))}
              value={filters.tema}
              onChange={(tema) => set({ tema })}
              searchable
              clearable
              placeholder={t('surveys:results.all')}
              nothingFoundMessage={t('surveys:no_results')}
            />
            <Select
              label={t('surveys:results.encuesta')}
              data={templates.data ?? []}
              value={filters.encuesta}
              onChange={(encuesta) => set({ encuesta })}
              searchable
              clearable
              placeholder={t('surveys:results.all')}
              nothingFoundMessage={t('surveys:no_results')}
            />
            <TextInput type="date" label={t('surveys:results.desde')} value={filters.desde} onChange={(e) => set({ desde: e.currentTarget.value })} />
            <TextInput
              type="date"
              label={t('surveys:results.hasta')}
              min={filters.desde || undefined}
              value={filters.hasta}
              onChange={(e) => set({ hasta: e.currentTarget.value })}
              error={badRange ? t('surveys:validation.end_before_start') : undefined}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                setFilters(EMPTY);
                setResults(null);
              }}
            >
              {t('surveys:results.clear')}
            </Button>
            <Button type="submit" loading={busy} leftSection={<IconSearch size={16} aria-hidden />}>
              {t('surveys:results.search')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <FailureAlert message={failure} />
      <div aria-live="polite" aria-busy={busy}>
        {busy && !results && <ListSkeleton rows={2} />}
        {results && <SurveyResults results={results} />}
        {!busy && !results && !failure && <Text c="dimmed">{t('surveys:results.hint')}</Text>}
      </div>
    </Stack>
  );
}
