import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { IconCheck } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn, type SelectionChange } from '@/components/data-table';
import { showSaved } from '@/components/feedback';
import { failureMessage } from '@/components/forms';
import { useScreenChrome } from '@/components/page-chrome';
import { EMPLOYEES_TABLE_URL, collectEmployees } from '@/lib/api/shared/employees-selection';
import { useTopicOptions } from '@/lib/api/shared/topic-options';
import { postEmployeeRequirements } from '../../api/create-requirements';
import { PROGRAMS } from '../../api/programs';
import { TermsFields } from './terms-fields';
import { termsProblem } from './wizard-rules';
import { doneMessage } from './labels';

interface EmployeeRow {
  cve_empleado: number;
  num_empleado: string | number | null;
  nombre_empleado: string;
  puesto: string | null;
  planta: string | null;
}

const ALL_EMPLOYEES = { vista: 'todos' };

/** /menu/temas_empleados_alta: individual requirements for chosen employees (a supervisor sees only their team). */
export function EmployeeTopicsAlta() {
  const { t } = useTranslation(['plans', 'common']);
  const navigate = useNavigate();
  const [selection, setSelection] = useState<SelectionChange | null>(null);
  const [temas, setTemas] = useState<string[]>([]);
  const [obligatoria, setObligatoria] = useState(true);
  const [diasLimite, setDiasLimite] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const topics = useTopicOptions();
  const seen = useRef(new Set<number>());
  useScreenChrome({});

  const columns = useMemo<DataTableColumn<EmployeeRow>[]>(
    () => [
      { field: 'num_empleado', header: t('plans:wizard.fields.num_empleado'), width: 110 },
      { field: 'nombre_empleado', header: t('plans:wizard.fields.nombre_empleado') },
      { field: 'puesto', header: t('plans:wizard.fields.puesto') },
      { field: 'planta', header: t('plans:wizard.fields.planta') },
    ],
    [t],
  );
  const problem = (selection?.count ?? 0) === 0 ? 'wizard.validation.no_employee' : termsProblem(temas.length, diasLimite);

  const save = async () => {
    setTried(true);
    if (problem || !selection) return;
    setBusy(true);
    setFailure(null);
    try {
      const empleados = selection.all
        ? (await collectEmployees(selection.query, new Set(selection.excluded))).map((e) => e.cve_empleado)
        : selection.keys.map(Number);
      const answer = await postEmployeeRequirements({ empleados, temas: temas.map(Number), obligatoria, dias_limite: diasLimite });
      showSaved(undefined, doneMessage(t, answer));
      void navigate(PROGRAMS.empleado.consultPath);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('plans:employee_topics.intro')}
        </Text>
        <DataTable<EmployeeRow>
          url={EMPLOYEES_TABLE_URL}
          title={t('plans:wizard.employees_title')}
          columns={columns}
          rowKey={(row) => {
            seen.current.add(row.cve_empleado);
            return row.cve_empleado;
          }}
          filtersEXT={ALL_EMPLOYEES}
          defaultSort={{ field: 'nombre_empleado', direction: 'asc' }}
          selectable
          onSelectionChange={setSelection}
          emptyMessage={t('plans:wizard.employees_empty')}
        />
        <Text size="sm" role="status">
          {t('plans:wizard.selected', { count: selection?.count ?? 0 })}
        </Text>
        <TermsFields
          topics={topics.data}
          topicsError={topics.error}
          loading={topics.isLoading}
          temas={temas}
          onTemas={setTemas}
          obligatoria={obligatoria}
          onObligatoria={setObligatoria}
          diasLimite={diasLimite}
          onDiasLimite={setDiasLimite}
        />
        {tried && problem && (
          <Alert color="yellow" variant="light" role="status">
            {t(`plans:${problem}`)}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(PROGRAMS.empleado.consultPath)}>
            {t('common:actions.cancel')}
          </Button>
          <Button leftSection={<IconCheck size={16} aria-hidden />} loading={busy} onClick={() => void save()}>
            {t('plans:structure.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
