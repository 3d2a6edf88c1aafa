import { Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Table.css';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, failureMessage, numberOrNull } from '@/components/forms';
import { ListError, ListSkeleton } from '@/components/states/list-states';
import { useAllParticipants } from '../../api/get-participants';
import { putGrades } from '../../api/save-grades';
import type { CalificacionBody, CursoDetalle } from '../../api/types';
import { EXIT_SCALE, gradeInScale, gradeScales, type GradeScale } from '../course-rules';

type GradeField = 'calificacion' | 'calificacion_practica' | 'calificacion_salida';
type Draft = Record<number, Partial<Record<GradeField, number | null>>>;

/** 'Evaluación': grades on the topic's model scale and the exit rating 1–5. */
export function EvaluationTab({ course, readOnly }: { course: CursoDetalle; readOnly: boolean }) {
  const { t } = useTranslation(['courses', 'common']);
  const people = useAllParticipants(course.cve_curso);
  const [draft, setDraft] = useState<Draft>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const scales = gradeScales(course.modelo_evaluacion);
  const fields: [GradeField, GradeScale][] = [
    ...(scales.calificacion ? [['calificacion', scales.calificacion] as [GradeField, GradeScale]] : []),
    ...(scales.calificacion_practica ? [['calificacion_practica', scales.calificacion_practica] as [GradeField, GradeScale]] : []),
    ['calificacion_salida', EXIT_SCALE],
  ];
  const editable = !readOnly && course.permisos.evaluar;

  if (people.error && !people.data) return <ListError title={t('courses:evaluation.load_error')} error={people.error} onRetry={() => void people.mutate()} />;
  if (!people.data) return <ListSkeleton rows={3} />;
  const enrolled = people.data.filter((p) => p.estatus === 'inscrito');
  if (enrolled.length === 0) return <Text c="dimmed">{t('courses:attendance.empty')}</Text>;

  const valueOf = (ins: number, field: GradeField) => {
    const edited = draft[ins]?.[field];
    if (edited !== undefined) return edited;
    return enrolled.find((p) => p.cve_inscripcion_ai === ins)?.[field] ?? null;
  };
  const invalid = Object.entries(draft).some(([ins, row]) =>
    fields.some(([f, scale]) => row[f] !== undefined && !gradeInScale(valueOf(Number(ins), f), scale)),
  );
  const changed = Object.keys(draft).length;

  const save = async () => {
    setBusy(true);
    setFailure(null);
    const calificaciones: CalificacionBody[] = Object.keys(draft).map((ins) => {
      const id = Number(ins);
      const body: CalificacionBody = { cve_inscripcion_ai: id };
      for (const [f] of fields) body[f] = valueOf(id, f);
      return body;
    });
    try {
      const answer = await putGrades(course.cve_curso, calificaciones);
      showSaved(answer?.resp);
      setDraft({});
      await people.mutate();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {t(`courses:models.${course.modelo_evaluacion}`)} · {t(`courses:evaluation.scale_${course.modelo_evaluacion}`, { defaultValue: '' })}
      </Text>
      <FailureAlert message={failure} />
      <Table.ScrollContainer minWidth={360}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('courses:participants.name')}</Table.Th>
              {fields.map(([f, scale]) => (
                <Table.Th key={f}>
                  {t(`courses:evaluation.${f}`)} ({scale.min}–{scale.max})
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {enrolled.map((p) => (
              <Table.Tr key={p.cve_inscripcion_ai}>
                <Table.Td>{p.nombre_empleado}</Table.Td>
                {fields.map(([f, scale]) => {
                  const value = valueOf(p.cve_inscripcion_ai, f);
                  return (
                    <Table.Td key={f}>
                      <NumberInput
                        size="xs"
                        w={100}
                        aria-label={t('courses:evaluation.cell', { field: t(`courses:evaluation.${f}`), name: p.nombre_empleado })}
                        min={scale.min}
                        max={scale.max}
                        decimalScale={scale.decimals}
                        allowDecimal={scale.decimals > 0}
                        allowNegative={false}
                        clampBehavior="none"
                        disabled={!editable}
                        value={value ?? ''}
                        onChange={(v) =>
                          setDraft((d) => ({ ...d, [p.cve_inscripcion_ai]: { ...d[p.cve_inscripcion_ai], [f]: numberOrNull(v) } }))
                        }
                        error={!gradeInScale(value, scale) ? t('courses:form.errors.range', { min: scale.min, max: scale.max }) : undefined}
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editable && (
        <Group justify="flex-end">
          <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} disabled={changed === 0 || invalid} loading={busy} onClick={() => void save()}>
            {t('courses:evaluation.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
