import { ActionIcon, Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tooltip.css';
import { IconCircleCheck, IconCircleDashed, IconEdit, IconFileSpreadsheet, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showSaved } from '@/components/feedback';
import { EmptyState } from '@/components/states/empty-state';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { hasSection, useSession } from '@/lib/auth/session';
import { deleteQuestion } from '../api/delete-question';
import { useQuestions, type Question } from '../api/get-questions';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { QuestionFormModal } from './question-form-modal';

/** Where questions are imported from a spreadsheet (the bulk uploads screen, type preguntas). */
export const QUESTIONS_IMPORT_PATH = '/menu/cargas_masivas?tipo=preguntas';
const IMPORT_SECTION = 'configuracion.cargas_masivas';

const TYPE_COLORS = { unica: 'blue', multiple: 'grape', abierta: 'gray' } as const;

/** A topic's question bank: list, add, edit, delete, and the way to the spreadsheet import. */
export function QuestionBank({ cve, onChanged }: { cve: number; onChanged?: () => void }) {
  const { t } = useTranslation(['topics', 'common']);
  const { user } = useSession();
  const { data, error, isLoading, mutate } = useQuestions(cve);
  const [editing, setEditing] = useState<{ question: Question | null } | null>(null);
  const [deleting, setDeleting] = useState<{ question: Question; number: number } | null>(null);
  const questions = data ?? [];

  const changed = () => {
    void mutate();
    onChanged?.();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={3} size="h5">
            {t('topics:questions.title')}
          </Title>
          {data && (
            <Text size="sm" c="dimmed">
              {t('topics:questions.count', { count: questions.length })}
            </Text>
          )}
        </div>
        <Group gap="sm">
          {hasSection(user, IMPORT_SECTION) && (
            <Button component={Link} to={QUESTIONS_IMPORT_PATH} variant="default" leftSection={<IconFileSpreadsheet size={16} />}>
              {t('topics:questions.import')}
            </Button>
          )}
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ question: null })}>
            {t('topics:questions.add')}
          </Button>
        </Group>
      </Group>

      {isLoading && <ListSkeleton />}
      {error !== undefined && !data && (
        <ListError title={t('topics:questions.load_error')} error={error} onRetry={() => void mutate()} />
      )}
      {data && questions.length === 0 && (
        <EmptyState title={t('topics:questions.empty')} description={t('topics:questions.empty_hint')} />
      )}
      {questions.length > 0 && (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('topics:questions.title')}>
          {questions.map((question, index) => {
            const number = index + 1;
            return (
              <Card key={question.id_pregunta} component="li" withBorder radius="md" padding="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Text fw={600} size="sm">
                        {number}.
                      </Text>
                      <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                        {question.pregunta}
                      </Text>
                    </Group>
                    <Group gap="xs">
                      <Badge variant="light" color={TYPE_COLORS[question.tipo] ?? 'gray'} size="sm">
                        {t(`topics:questions.types.${question.tipo}`, { defaultValue: question.tipo })}
                      </Badge>
                    </Group>
                    {question.tipo !== 'abierta' && (question.respuestas ?? []).length > 0 && (
                      <List spacing={4} size="sm" center>
                        {question.respuestas.map((answer, i) => {
                          const correct = answer.correcta === true || Number(answer.correcta) === 1;
                          return (
                            <List.Item
                              key={answer.id_respuesta ?? i}
                              icon={
                                <ThemeIcon size={18} radius="xl" variant="light" color={correct ? 'teal' : 'gray'}>
                                  {correct ? <IconCircleCheck size={14} aria-hidden /> : <IconCircleDashed size={14} aria-hidden />}
                                </ThemeIcon>
                              }
                            >
                              <Text span size="sm" fw={correct ? 600 : undefined}>
                                {answer.texto}
                              </Text>
                              {correct && (
                                <Text span size="xs" c="teal" ml={6}>
                                  ({t('topics:questions.correct').toLowerCase()})
                                </Text>
                              )}
                            </List.Item>
                          );
                        })}
                      </List>
                    )}
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('topics:edit')} withinPortal>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('topics:questions.edit_named', { number })}
                        onClick={() => setEditing({ question })}
                      >
                        <IconEdit size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('topics:delete')} withinPortal>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('topics:questions.delete_named', { number })}
                        onClick={() => setDeleting({ question, number })}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}

      <QuestionFormModal
        cve={cve}
        opened={editing !== null}
        question={editing?.question ?? null}
        onClose={() => setEditing(null)}
        onSaved={changed}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('topics:questions.delete_title')}
        message={deleting ? t('topics:questions.delete_text', { number: deleting.number, text: deleting.question.pregunta }) : ''}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const answer = await deleteQuestion(cve, deleting.question.id_pregunta);
          showSaved(answer?.resp);
          changed();
        }}
      />
    </Stack>
  );
}
