import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import type { ResultadosEncuesta } from '@/lib/api/shared/survey-results';
import { useFormat } from '@/lib/i18n/use-format';
import classes from './survey-results.module.css';

/**
 * Course survey results: who answered, then per question a table of its four options with
 * counts and percentages, each with a bar drawn in CSS under it (the figures stay readable as text).
 */
export function SurveyResults({ results, headingLevel = 3 }: { results: ResultadosEncuesta; headingLevel?: 3 | 4 }) {
  const { t } = useTranslation('common');
  const { formatNumber } = useFormat();
  const percent = (value: number) => `${formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
  return (
    <Stack gap="md">
      <Group gap="lg" wrap="wrap" component="dl" m={0}>
        {results.cursos !== undefined && (
          <div>
            <Text component="dt" size="xs" c="dimmed" fw={600}>
              {t('survey_results.courses')}
            </Text>
            <Text component="dd" m={0} fw={700} data-testid="survey-courses">
              {formatNumber(results.cursos)}
            </Text>
          </div>
        )}
        <div>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {t('survey_results.participants')}
          </Text>
          <Text component="dd" m={0} fw={700}>
            {formatNumber(results.participantes)}
          </Text>
        </div>
        <div>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {t('survey_results.answered')}
          </Text>
          <Text component="dd" m={0} fw={700}>
            {formatNumber(results.contestaron)}
          </Text>
        </div>
      </Group>
      {results.encuestas.length === 0 && <Text c="dimmed">{t('survey_results.empty')}</Text>}
      {results.encuestas.map((survey) => (
        <Stack key={survey.id_encuesta} gap="sm">
          <Title order={headingLevel} size="h5">
            {survey.nombre}
          </Title>
          {survey.preguntas.map((question, index) => (
            <Paper key={question.id_pregunta} withBorder radius="md" p="sm">
              <Table verticalSpacing={6} fz="sm">
                <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, paddingBottom: 6 }}>
                  {t('survey_results.question', { n: index + 1, text: question.pregunta })}
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('survey_results.option')}</Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      {t('survey_results.count')}
                    </Table.Th>
                    <Table.Th scope="col" style={{ width: '34%' }}>
                      {t('survey_results.percent')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {question.opciones.map((option, i) => (
                    <Table.Tr key={i}>
                      <Table.Th scope="row" fw={400} style={{ overflowWrap: 'anywhere' }}>
                        {option.respuesta}
                      </Table.Th>
                      <Table.Td style={{ textAlign: 'right' }}>{formatNumber(option.cantidad)}</Table.Td>
                      <Table.Td>
                        <span style={{ whiteSpace: 'nowrap' }}>{percent(option.porcentaje)}</span>
                        <div className={classes.track} aria-hidden>
                          <div className={classes.bar} style={{ width: `${Math.max(0, Math.min(100, option.porcentaje))}%` }} />
                        </div>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
